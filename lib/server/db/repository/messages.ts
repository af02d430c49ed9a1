import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import { conversations, messages } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';
import { toChatMessage, toConversation } from '@/lib/server/db/rows';
import { messageValues, type NewMessage } from './shared';

export type { NewMessage } from './shared';

export type MessagePatch = Partial<
  Pick<
    ChatMessage,
    | 'content'
    | 'reasoning'
    | 'refusal'
    | 'toolCalls'
    | 'status'
    | 'finishReason'
    | 'usage'
    | 'model'
    | 'error'
    | 'reasoningMs'
    | 'toolRun'
    | 'contextStartId'
    | 'attachments'
  >
>;

/** In insertion order (a monotonic sequence, so same-millisecond inserts keep their order). */
export async function listMessages(
  db: Db,
  input: { conversationId: string },
): Promise<ChatMessage[]> {
  if (!isUuid(input.conversationId)) return [];
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, input.conversationId))
    .orderBy(asc(messages.seq));
  return rows.map(toChatMessage);
}

export async function insertMessage(db: Db, message: NewMessage): Promise<ChatMessage> {
  const [row] = await db
    .insert(messages)
    .values(messageValues(message, message.conversationId))
    .returning();
  if (!row) throw new Error('insert into messages returned no row');
  return toChatMessage(row);
}

/**
 * Records the user's decision on a tool call only if it is still waiting for one: a conditional
 * update, so of two concurrent decisions exactly one gets the message back (the other null).
 */
export async function decideToolCall(
  db: Db,
  messageId: string,
  patch: Pick<MessagePatch, 'content' | 'status' | 'toolRun'>,
): Promise<ChatMessage | null> {
  if (!isUuid(messageId)) return null;
  const [row] = await db
    .update(messages)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.role, 'tool'),
        sql`${messages.toolRun}->>'status' = 'awaiting_approval'`,
      ),
    )
    .returning();
  return row ? toChatMessage(row) : null;
}

/** Applies only the fields present in `patch`; null clears a field. null when not found. */
export async function updateMessage(
  db: Db,
  messageId: string,
  patch: MessagePatch,
): Promise<ChatMessage | null> {
  if (!isUuid(messageId)) return null;
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as MessagePatch;
  const [row] = await db
    .update(messages)
    .set({ ...defined, updatedAt: sql`now()` })
    .where(eq(messages.id, messageId))
    .returning();
  return row ? toChatMessage(row) : null;
}

/**
 * The same update without reading the row back: an answer's progress, saved while it streams,
 * where sending the whole text back each time doubled the database's work.
 */
export async function saveMessageProgress(
  db: Db,
  messageId: string,
  patch: MessagePatch,
): Promise<void> {
  if (!isUuid(messageId)) return;
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as MessagePatch;
  await db
    .update(messages)
    .set({ ...defined, updatedAt: sql`now()` })
    .where(eq(messages.id, messageId));
}

/**
 * An answer recovered from a lost turn's live log replaces its progress copy only while it is
 * still `streaming` and only when the log holds more (`size`: characters of text, reasoning and
 * tool-call arguments, as the copy is measured here). True when it was written.
 */
export async function recoverMessageProgress(
  db: Db,
  messageId: string,
  input: {
    patch: Pick<MessagePatch, 'content' | 'reasoning' | 'refusal' | 'toolCalls'>;
    size: number;
  },
): Promise<boolean> {
  if (!isUuid(messageId)) return false;
  const rows = await db
    .update(messages)
    .set({ ...input.patch, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.status, 'streaming'),
        sql`char_length(${messages.content}) + coalesce(char_length(${messages.reasoning}), 0)
          + coalesce((select sum(char_length(t->'function'->>'arguments'))
              from jsonb_array_elements(case when jsonb_typeof(${messages.toolCalls}) = 'array'
                then ${messages.toolCalls} else '[]'::jsonb end) t), 0) < ${input.size}`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** null when the message does not exist or sits in another user's conversation. */
export async function getMessageForUser(
  db: Db,
  input: { userId: string; messageId: string },
): Promise<{ message: ChatMessage; conversation: Conversation } | null> {
  if (!isUuid(input.messageId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(messages.conversationId, conversations.id))
    .where(
      and(
        eq(messages.id, input.messageId),
        eq(conversations.userId, input.userId),
        isNull(conversations.deletedAt),
      ),
    )
    .limit(1);
  return row
    ? { message: toChatMessage(row.message), conversation: toConversation(row.conversation) }
    : null;
}

/**
 * Saves a new turn's answer and makes it what the conversation shows, in one statement; `touch`
 * also records the model it answers with (as touchConversation, for a conversation not deleted).
 * Returns the answer as saved. One round trip less before every answer's model call.
 */
export async function insertShownAnswer(
  db: Db,
  message: NewMessage,
  touch: { model: string | null; provider: string | null } | null,
): Promise<ChatMessage> {
  const values = messageValues(message, message.conversationId);
  const live = sql`${conversations.deletedAt} is null`;
  const set = touch
    ? sql`, updated_at = case when ${live} then now() else ${conversations.updatedAt} end,
        model = case when ${live} then ${touch.model} else ${conversations.model} end,
        provider = case when ${live} then ${touch.provider} else ${conversations.provider} end`
    : sql``;
  // Unreferenced, the update still runs (every data-modifying WITH does, exactly once).
  const shown = db.$with('shown', { id: conversations.id }).as(
    sql`update ${conversations} set active_leaf_id = ${values.id}${set}
        where ${conversations.id} = ${message.conversationId} returning ${conversations.id}`,
  );
  const [row] = await db.with(shown).insert(messages).values(values).returning();
  if (!row) throw new Error('insert into messages returned no row');
  return toChatMessage(row);
}
