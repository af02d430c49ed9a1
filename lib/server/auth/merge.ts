import 'server-only';
import { and, eq } from 'drizzle-orm';
import { assistants, attachments, conversations, shares, users } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';

/**
 * A guest who signs up or signs in keeps what they made: their conversations (with their
 * settings and messages), links, files and assistants move to the account in one transaction, and the
 * guest's user row goes. Rows move rather than being copied, so nothing is duplicated, and a
 * second merge of the same guest finds nothing left to move. Only a guest is ever merged.
 */
export async function mergeGuestInto(db: Db, guestId: string, accountId: string): Promise<number> {
  if (guestId === accountId) return 0;
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ kind: users.kind })
      .from(users)
      .where(eq(users.id, guestId))
      .for('update');
    if (guest?.kind !== 'guest') return 0;
    const moved = await tx
      .update(conversations)
      .set({ userId: accountId })
      .where(eq(conversations.userId, guestId))
      .returning({ id: conversations.id });
    await tx.update(shares).set({ userId: accountId }).where(eq(shares.userId, guestId));
    await tx.update(attachments).set({ userId: accountId }).where(eq(attachments.userId, guestId));
    await tx.update(assistants).set({ userId: accountId }).where(eq(assistants.userId, guestId));
    await tx.delete(users).where(and(eq(users.id, guestId), eq(users.kind, 'guest')));
    return moved.length;
  });
}
