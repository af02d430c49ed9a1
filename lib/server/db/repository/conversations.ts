import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ConversationAssistant } from '@/lib/chat/assistants';
import type { Conversation, ConversationSettings } from '@/lib/chat/types';
import { conversations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { decodeCursor, encodeCursor, isUuid } from '@/lib/server/db/cursor';
import { toConversation } from '@/lib/server/db/rows';
import { ownedAfter } from './shared';

export async function createConversation(
  db: Db,
  input: {
    userId: string;
    title?: string;
    model?: string | null;
    provider?: string | null;
    id?: string;
    settings?: ConversationSettings;
    assistant?: ConversationAssistant | null;
  },
): Promise<Conversation> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: input.id ?? crypto.randomUUID(),
      userId: input.userId,
      title: input.title ?? '',
      model: input.model ?? null,
      provider: input.provider ?? null,
      settings: input.settings ?? {},
      assistant: input.assistant ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into conversations returned no row');
  return toConversation(row);
}

/** null when the conversation does not exist or belongs to someone else. */
export async function getConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<Conversation | null> {
  return (await getConversationAndLeaf(db, input))?.conversation ?? null;
}

/** getConversation, with the leaf of the branch it shows (a new turn grows from it). */
export async function getConversationAndLeaf(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<{ conversation: Conversation; activeLeafId: string | null } | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.userId, input.userId),
        isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row ? { conversation: toConversation(row), activeLeafId: row.activeLeafId } : null;
}

/** Who owns a conversation, deleted (restorable) ones included; null when there is none. */
export async function getConversationOwner(db: Db, conversationId: string): Promise<string | null> {
  if (!isUuid(conversationId)) return null;
  const [row] = await db
    .select({ userId: conversations.userId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.userId ?? null;
}

export const MAX_PAGE_SIZE = 100;

/** Newest-updated first. Throws InvalidCursorError for a cursor this module did not produce. */
export async function listConversations(
  db: Db,
  input: { userId: string; limit: number; cursor?: string | null },
): Promise<{ items: Conversation[]; nextCursor: string | null }> {
  const limit = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(input.limit) || 1));
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  if (!isUuid(input.userId)) return { items: [], nextCursor: null };
  const rows = await db
    .select()
    .from(conversations)
    .where(and(ownedAfter(input.userId, after)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toConversation);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Bumps updated_at (moves it to the top of the list) and optionally renames / re-models. */
export async function touchConversation(
  db: Db,
  input: {
    conversationId: string;
    title?: string;
    model?: string | null;
    provider?: string | null;
    settings?: ConversationSettings;
  },
): Promise<Conversation | null> {
  if (!isUuid(input.conversationId)) return null;
  const [row] = await db
    .update(conversations)
    .set({
      updatedAt: sql`now()`,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.model !== undefined ? { model: input.model } : {}),
      ...(input.provider !== undefined ? { provider: input.provider } : {}),
      ...(input.settings !== undefined ? { settings: input.settings } : {}),
    })
    .where(and(eq(conversations.id, input.conversationId), isNull(conversations.deletedAt)))
    .returning();
  return row ? toConversation(row) : null;
}

/** Deletes the conversation (and, by cascade, its messages and shares) if the user owns it. */
export async function deleteConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<boolean> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return false;
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, input.conversationId), eq(conversations.userId, input.userId)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}
