import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';

/** Idempotent: true when this call created the row, false when it already existed. */
export async function ensureUser(db: Db, userId: string): Promise<boolean> {
  const created = await db
    .insert(users)
    .values({ id: userId })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}

/** An account's Parley user row (same id), made if missing; cheap when it exists. */
export async function ensureAccountUser(db: Db, userId: string): Promise<void> {
  if (await userExists(db, userId)) return;
  await db.insert(users).values({ id: userId, kind: 'account' }).onConflictDoNothing();
}
