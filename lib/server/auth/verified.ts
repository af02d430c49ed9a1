import 'server-only';
import { eq } from 'drizzle-orm';
import { authUsers } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';

/** The address is proven (a reset link reached its mailbox): it counts as verified. */
export async function markVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(authUsers)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(authUsers.id, userId));
}
