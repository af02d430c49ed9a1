import 'server-only';
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  ChatError,
  ChatMessage,
  Conversation,
  ConversationSettings,
  MessageStatus,
  Role,
  ToolCall,
  ToolRun,
  Usage,
} from '@/lib/chat/types';
import { appSecrets, conversations, messages, type ShareRow, shares, users } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/client';
import { decodeCursor, encodeCursor, isUuid } from '@/lib/server/db/cursor';
import { toChatMessage, toConversation } from '@/lib/server/db/rows';
import { parseSnapshot } from '@/lib/server/share/snapshot';
import type { ShareSnapshot } from '@/lib/share/types';

// The only module that talks SQL. Every function takes the database first and speaks Parley
// types (lib/chat/types.ts), never rows.

export { InvalidCursorError, isUuid } from '@/lib/server/db/cursor';

// ---------------------------------------------------------------------------------------------
// Users

export async function ensureUser(db: Db, userId: string): Promise<void> {
  await db.insert(users).values({ id: userId }).onConflictDoNothing();
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Conversations

export async function createConversation(
  db: Db,
  input: {
    userId: string;
    title?: string;
    model?: string | null;
    id?: string;
    settings?: ConversationSettings;
  },
): Promise<Conversation> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: input.id ?? crypto.randomUUID(),
      userId: input.userId,
      title: input.title ?? '',
      model: input.model ?? null,
      settings: input.settings ?? {},
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
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), eq(conversations.userId, input.userId)))
    .limit(1);
  return row ? toConversation(row) : null;
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
    .where(
      and(
        eq(conversations.userId, input.userId),
        after
          ? or(
              lt(conversations.updatedAt, after.updatedAt),
              and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id)),
            )
          : undefined,
      ),
    )
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
      ...(input.settings !== undefined ? { settings: input.settings } : {}),
    })
    .where(eq(conversations.id, input.conversationId))
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

// ---------------------------------------------------------------------------------------------
// Messages

export interface NewMessage {
  /** Defaults to crypto.randomUUID(). */
  id?: string;
  conversationId: string;
  parentId?: string | null;
  role: Role;
  content?: string;
  reasoning?: string | null;
  refusal?: string | null;
  toolCalls?: ToolCall[] | null;
  toolCallId?: string | null;
  status: MessageStatus;
  finishReason?: string | null;
  usage?: Usage | null;
  model?: string | null;
  error?: ChatError | null;
  reasoningMs?: number | null;
  toolRun?: ToolRun | null;
}

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
    .values({
      id: message.id ?? crypto.randomUUID(),
      conversationId: message.conversationId,
      parentId: message.parentId ?? null,
      role: message.role,
      content: message.content ?? '',
      reasoning: message.reasoning ?? null,
      refusal: message.refusal ?? null,
      toolCalls: message.toolCalls ?? null,
      toolCallId: message.toolCallId ?? null,
      status: message.status,
      finishReason: message.finishReason ?? null,
      usage: message.usage ?? null,
      model: message.model ?? null,
      error: message.error ?? null,
      reasoningMs: message.reasoningMs ?? null,
      toolRun: message.toolRun ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into messages returned no row');
  return toChatMessage(row);
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
    .where(and(eq(messages.id, input.messageId), eq(conversations.userId, input.userId)))
    .limit(1);
  return row
    ? { message: toChatMessage(row.message), conversation: toConversation(row.conversation) }
    : null;
}

/**
 * Crash recovery: a message still 'streaming' when no process is streaming it was cut off.
 * `updatedBefore` limits it to stale rows (useful when several instances share one database).
 * Returns how many messages were marked.
 */
export async function markStreamingInterrupted(
  db: Db,
  options: { updatedBefore?: Date } = {},
): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ status: 'interrupted', updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.status, 'streaming'),
        options.updatedBefore ? lt(messages.updatedAt, options.updatedBefore) : undefined,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Secrets

/**
 * Returns the stored secret `name`, creating it with `generate()` the first time. Concurrent
 * callers (even in different processes) all get the single value that won the insert.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  generate: () => string,
): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`secret ${name} missing right after insert`);
  return row.value;
}

// ---------------------------------------------------------------------------------------------
// Shares

/** An active shared link with its validated snapshot. */
export interface Share {
  id: string;
  conversationId: string;
  userId: string;
  snapshot: ShareSnapshot;
  createdAt: string;
  updatedAt: string;
}

/** A share without its messages, for the owner's list. */
export interface ShareListItem {
  id: string;
  conversationId: string;
  title: string;
  indexable: boolean;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

function toShare(row: ShareRow): Share | null {
  const snapshot = parseSnapshot(row.snapshot);
  if (!snapshot) return null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    userId: row.userId,
    snapshot,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function createShare(
  db: Db,
  input: { id: string; userId: string; conversationId: string; snapshot: ShareSnapshot },
): Promise<Share> {
  const [row] = await db.insert(shares).values(input).returning();
  const share = row ? toShare(row) : null;
  if (!share) throw new Error('insert into shares returned no valid row');
  return share;
}

/** An active (not revoked) share, whoever asks: the id itself is the capability. */
export async function getActiveShare(db: Db, shareId: string): Promise<Share | null> {
  const [row] = await db
    .select()
    .from(shares)
    .where(and(eq(shares.id, shareId), isNull(shares.revokedAt)))
    .limit(1);
  return row ? toShare(row) : null;
}

/** The newest active share of a conversation, if the user owns it. */
export async function getActiveShareForConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<Share | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .select()
    .from(shares)
    .where(
      and(
        eq(shares.conversationId, input.conversationId),
        eq(shares.userId, input.userId),
        isNull(shares.revokedAt),
      ),
    )
    .orderBy(desc(shares.createdAt))
    .limit(1);
  return row ? toShare(row) : null;
}

/** The user's active shares, most recently updated first. */
export async function listActiveShares(
  db: Db,
  input: { userId: string; limit?: number },
): Promise<ShareListItem[]> {
  if (!isUuid(input.userId)) return [];
  const limit = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(input.limit ?? MAX_PAGE_SIZE)));
  const rows = await db
    .select({
      id: shares.id,
      conversationId: shares.conversationId,
      title: sql<string>`coalesce(${shares.snapshot}->>'title', '')`,
      indexable: sql<boolean>`coalesce((${shares.snapshot}->>'indexable')::boolean, false)`,
      messageCount: sql<number>`coalesce(jsonb_array_length(${shares.snapshot}->'messages'), 0)`,
      createdAt: shares.createdAt,
      updatedAt: shares.updatedAt,
    })
    .from(shares)
    .where(and(eq(shares.userId, input.userId), isNull(shares.revokedAt)))
    .orderBy(desc(shares.updatedAt), desc(shares.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    messageCount: Number(r.messageCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Replaces the snapshot of an active share the user owns; null otherwise. */
export async function updateShareSnapshot(
  db: Db,
  input: { shareId: string; userId: string; snapshot: ShareSnapshot },
): Promise<Share | null> {
  if (!isUuid(input.userId)) return null;
  const [row] = await db
    .update(shares)
    .set({ snapshot: input.snapshot, updatedAt: sql`now()` })
    .where(
      and(eq(shares.id, input.shareId), eq(shares.userId, input.userId), isNull(shares.revokedAt)),
    )
    .returning();
  return row ? toShare(row) : null;
}

/**
 * Revokes an active share the user owns. The copied messages are erased too: a revoked link
 * keeps nothing of what it showed. False when there was nothing to revoke.
 */
export async function revokeShare(
  db: Db,
  input: { shareId: string; userId: string },
): Promise<boolean> {
  if (!isUuid(input.userId)) return false;
  const rows = await db
    .update(shares)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()`, snapshot: {} })
    .where(
      and(eq(shares.id, input.shareId), eq(shares.userId, input.userId), isNull(shares.revokedAt)),
    )
    .returning({ id: shares.id });
  return rows.length > 0;
}

/** Creates a conversation holding `messages` (in order) in one transaction: all or nothing. */
export async function createConversationWithMessages(
  db: Db,
  input: {
    conversation: { id: string; userId: string; title: string; model: string | null };
    messages: Omit<NewMessage, 'conversationId'>[];
  },
): Promise<Conversation> {
  return db.transaction(async (tx) => {
    const conversation = await createConversation(tx, input.conversation);
    // One insert at a time: the seq column must follow the list order.
    for (const message of input.messages) {
      await insertMessage(tx, { ...message, conversationId: conversation.id });
    }
    return conversation;
  });
}
