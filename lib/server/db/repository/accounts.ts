import 'server-only';
import { and, asc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { authUsers, rateLimits } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';

// Accounts as the admin page sees and changes them (auth_users: disabled, daily token budget).

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  verified: boolean;
  disabled: boolean;
  dailyTokenBudget: number | null;
}

const accountColumns = {
  id: authUsers.id,
  email: authUsers.email,
  name: authUsers.name,
  createdAt: authUsers.createdAt,
  verified: authUsers.emailVerified,
  disabled: sql<boolean>`${authUsers.disabledAt} is not null`,
  dailyTokenBudget: authUsers.dailyTokenBudget,
};

/** True when an admin disabled the account (one primary-key lookup per request). */
export async function accountDisabled(db: Db, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await db
    .select({ disabled: sql<boolean>`${authUsers.disabledAt} is not null` })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row?.disabled === true;
}

/** An account's own daily token budget as a scalar subquery (null: none of its own). */
export function accountTokenBudgetSql(userId: string): SQL {
  if (!isUuid(userId)) return sql`null::bigint`;
  return sql`(select ${authUsers.dailyTokenBudget} from ${authUsers} where ${authUsers.id} = ${userId}::uuid)`;
}

export async function getAccount(db: Db, id: string): Promise<AccountRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(accountColumns).from(authUsers).where(eq(authUsers.id, id));
  return row ?? null;
}

export async function getAccountsByIds(db: Db, ids: string[]): Promise<Map<string, AccountRow>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db.select(accountColumns).from(authUsers).where(inArray(authUsers.id, valid));
  return new Map(rows.map((r) => [r.id, r]));
}

/** By address, `limit` after the cursor (an address); `q` matches address or name. */
export async function listAccounts(
  db: Db,
  input: { q: string; after: string | null; limit: number },
): Promise<AccountRow[]> {
  const pattern = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(accountColumns)
    .from(authUsers)
    .where(
      and(
        input.q ? or(ilike(authUsers.email, pattern), ilike(authUsers.name, pattern)) : undefined,
        input.after === null ? undefined : gt(authUsers.email, input.after),
      ),
    )
    .orderBy(asc(authUsers.email))
    .limit(input.limit);
}

/** Applies what is given; `disabled` also ends every session of the account. */
export async function updateAccountControls(
  db: Db,
  id: string,
  patch: { disabled?: boolean; dailyTokenBudget?: number | null },
): Promise<void> {
  const set: Partial<typeof authUsers.$inferInsert> = {};
  if (patch.disabled !== undefined) set.disabledAt = patch.disabled ? new Date() : null;
  if (patch.dailyTokenBudget !== undefined) set.dailyTokenBudget = patch.dailyTokenBudget;
  if (Object.keys(set).length === 0) return;
  await db
    .update(authUsers)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(authUsers.id, id));
}

/** The account itself; its sessions and sign-in methods go with it (on delete cascade). */
export async function deleteAccountRow(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db.delete(authUsers).where(eq(authUsers.id, id));
}

/** Tokens counted against each user's budget in the window starting at `windowStart`. */
export async function budgetCounts(
  db: Db,
  userIds: string[],
  windowStart: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const keys = userIds.map((id) => `tokens:user:${id}`);
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), eq(rateLimits.windowStart, windowStart)));
  return new Map(rows.map((r) => [r.key.slice('tokens:user:'.length), Number(r.count)]));
}
