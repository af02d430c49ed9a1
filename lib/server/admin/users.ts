import 'server-only';
import type { Db } from '@/lib/server/db/types';
import {
  type AccountRow,
  budgetCounts,
  deleteAccountRow,
  deleteUserAttachments,
  deleteUserData,
  getAccount,
  listAccounts,
  updateAccountControls,
} from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';
import { getAttachmentStorage } from '@/lib/server/db/objects';
import { DAY } from '@/lib/server/limits/rate-limit';
import { stopLive } from '@/lib/server/live/stop';
import { actorOf, audit } from './audit';

// The accounts list and the per-user controls of the admin page: disable (the account's
// sessions end at their next request, lib/server/auth/current.ts), enable, a daily token budget
// (replaces TOKEN_BUDGET_ACCOUNT; lib/server/http/limits.ts), delete with all its data.

const PAGE = 50;
const NO_SUCH = 'No such account: it may have been deleted. Reload the list.';

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  verified: boolean;
  disabled: boolean;
  dailyTokenBudget: number | null;
  tokensToday: number;
}

const todayStart = (now = Date.now()) => new Date(now - (now % DAY));

async function withTokens(db: Db, rows: AccountRow[]): Promise<AdminUser[]> {
  const counts = await budgetCounts(
    db,
    rows.map((r) => r.id),
    todayStart(),
  );
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    dailyTokenBudget: r.dailyTokenBudget,
    tokensToday: counts.get(r.id) ?? 0,
  }));
}

export async function usersPage(db: Db, q: string, cursor: string | undefined) {
  const rows = await listAccounts(db, { q, after: cursor ?? null, limit: PAGE + 1 });
  const users = await withTokens(db, rows.slice(0, PAGE));
  return { users, next: rows.length > PAGE ? (users.at(-1)?.email ?? null) : null };
}

function budgetWords(budget: number | null): string {
  if (budget === null) return 'the default (TOKEN_BUDGET_ACCOUNT)';
  return budget === 0 ? 'no limit' : `${budget} tokens a day`;
}

export async function updateUser(
  db: Db,
  adminId: string,
  id: string,
  patch: { disabled?: boolean; dailyTokenBudget?: number | null },
): Promise<AdminUser> {
  const actor = await actorOf(db, adminId);
  if (patch.disabled === true && id === adminId) {
    throw new AppError('conflict', 'You cannot disable your own account: ask another admin.');
  }
  await db.transaction(async (tx) => {
    const account = await getAccount(tx, id);
    if (!account) throw notFound(NO_SUCH);
    await updateAccountControls(tx, id, patch);
    if (patch.disabled !== undefined && patch.disabled !== account.disabled) {
      await audit(tx, actor, patch.disabled ? 'user.disable' : 'user.enable', account.email);
    }
    if (
      patch.dailyTokenBudget !== undefined &&
      patch.dailyTokenBudget !== account.dailyTokenBudget
    ) {
      await audit(tx, actor, 'user.budget', account.email, budgetWords(patch.dailyTokenBudget));
    }
  });
  const saved = await getAccount(db, id);
  if (!saved) throw notFound(NO_SUCH);
  const [user] = await withTokens(db, [saved]);
  if (!user) throw notFound(NO_SUCH);
  return user;
}

/** The account and all its data; its usage stays in the roll-up (a deleted account's). */
export async function deleteUser(db: Db, adminId: string, id: string): Promise<void> {
  const actor = await actorOf(db, adminId);
  if (id === adminId) {
    throw new AppError('conflict', 'You cannot delete your own account here: ask another admin.');
  }
  const account = await getAccount(db, id);
  if (!account) throw notFound(NO_SUCH);
  await stopLive(db, { userId: id });
  const keys = await db.transaction(async (tx) => {
    // Attachment rows first: their bucket objects (S3) go once the rows are gone.
    const gone = await deleteUserAttachments(tx, id);
    await deleteUserData(tx, id);
    // Sessions and sign-in methods go with it (foreign keys, on delete cascade).
    await deleteAccountRow(tx, id);
    await audit(tx, actor, 'user.delete', account.email);
    return gone;
  });
  await getAttachmentStorage().discard(keys);
}
