import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Conversation, ConversationSettings } from '@/lib/chat/types';
import { conversations, messages, shares, users } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import { toConversation } from '@/lib/server/db/rows';
import type { NewMessage } from './messages';
import { messageValues } from './shared';

// Export, import and "delete all my data"

/** A message of an imported conversation; ids are already fresh and parents come first. */
export interface ImportedMessage extends Omit<NewMessage, 'conversationId' | 'id'> {
  id: string;
  /** The original time, kept so an imported conversation reads like the exported one. */
  createdAt?: Date | null;
}

const IMPORT_BATCH = 200;

/**
 * Creates a conversation holding `messages` in one transaction (all or nothing). Rows go in
 * batches; within one INSERT Postgres numbers rows (seq) in the order given and checks the parent
 * links at the end of the statement, so a parent may share its child's batch.
 */
export async function insertImportedConversation(
  db: Db,
  input: {
    userId: string;
    title: string;
    model: string | null;
    settings: ConversationSettings;
    createdAt?: Date | null;
    messages: ImportedMessage[];
  },
): Promise<Conversation> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({
        id: crypto.randomUUID(),
        userId: input.userId,
        title: input.title,
        model: input.model,
        settings: input.settings,
        activeLeafId: input.messages.at(-1)?.id ?? null,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning();
    if (!row) throw new Error('insert into conversations returned no row');
    for (let at = 0; at < input.messages.length; at += IMPORT_BATCH) {
      await tx.insert(messages).values(
        input.messages.slice(at, at + IMPORT_BATCH).map((m) => ({
          ...messageValues(m, row.id),
          ...(m.createdAt ? { createdAt: m.createdAt } : {}),
        })),
      );
    }
    return toConversation(row);
  });
}

/** Ids of the user's messages still being written (to stop them before their rows go away). */
export async function listStreamingMessageIds(db: Db, userId: string): Promise<string[]> {
  if (!isUuid(userId)) return [];
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(conversations, eq(messages.conversationId, conversations.id))
    .where(and(eq(conversations.userId, userId), eq(messages.status, 'streaming')));
  return rows.map((r) => r.id);
}

/**
 * Deletes the user and everything they own: conversations, messages, shared links. Copies that
 * others forked from their links belong to those others and stay.
 */
export async function deleteUserData(db: Db, userId: string): Promise<{ conversations: number }> {
  if (!isUuid(userId)) return { conversations: 0 };
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(conversations)
      .where(eq(conversations.userId, userId))
      .returning({ id: conversations.id });
    await tx.delete(shares).where(eq(shares.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return { conversations: deleted.length };
  });
}
