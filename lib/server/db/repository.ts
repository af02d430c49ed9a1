import 'server-only';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversationListItem, SearchMatch } from '@/lib/chat/api-types';
import { makeSnippet, normalizeQuery } from '@/lib/chat/search-text';
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
    provider?: string | null;
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
      provider: input.provider ?? null,
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
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.userId, input.userId),
        isNull(conversations.deletedAt),
      ),
    )
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
        isNull(conversations.deletedAt),
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
    | 'contextStartId'
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
// Branches (which path through the message tree the conversation shows; see chat/history.ts)

/** The message the user last chose or created in the conversation; null when none is recorded. */
export async function getActiveLeafId(
  db: Db,
  input: { conversationId: string },
): Promise<string | null> {
  if (!isUuid(input.conversationId)) return null;
  const [row] = await db
    .select({ activeLeafId: conversations.activeLeafId })
    .from(conversations)
    .where(eq(conversations.id, input.conversationId))
    .limit(1);
  return row?.activeLeafId ?? null;
}

/** Records the shown branch. Does not bump updated_at: looking at an old version is not activity. */
export async function setActiveLeaf(
  db: Db,
  input: { conversationId: string; messageId: string },
): Promise<void> {
  if (!isUuid(input.conversationId) || !isUuid(input.messageId)) return;
  await db
    .update(conversations)
    .set({ activeLeafId: input.messageId })
    .where(eq(conversations.id, input.conversationId));
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

// ---------------------------------------------------------------------------------------------
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
          id: m.id,
          conversationId: row.id,
          parentId: m.parentId ?? null,
          role: m.role,
          content: m.content ?? '',
          reasoning: m.reasoning ?? null,
          refusal: m.refusal ?? null,
          toolCalls: m.toolCalls ?? null,
          toolCallId: m.toolCallId ?? null,
          status: m.status,
          finishReason: m.finishReason ?? null,
          usage: m.usage ?? null,
          model: m.model ?? null,
          error: m.error ?? null,
          reasoningMs: m.reasoningMs ?? null,
          toolRun: m.toolRun ?? null,
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

// ---------------------------------------------------------------------------------------------
// History: rename, soft delete (undo), purge, generated titles, search

/** How long a deleted conversation can still be restored before it is purged for good. */
export const DELETED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Renames the user's conversation. Not activity: it keeps its place in the list. */
export async function renameConversation(
  db: Db,
  input: { userId: string; conversationId: string; title: string },
): Promise<Conversation | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return null;
  const [row] = await db
    .update(conversations)
    .set({ title: input.title })
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.userId, input.userId),
        isNull(conversations.deletedAt),
      ),
    )
    .returning();
  return row ? toConversation(row) : null;
}

/**
 * Replaces the provisional title with a generated one, unless the title changed meanwhile (the
 * user renamed it) or the conversation was deleted. True when it was saved.
 */
export async function saveGeneratedTitle(
  db: Db,
  input: { conversationId: string; expected: string; title: string },
): Promise<boolean> {
  if (!isUuid(input.conversationId)) return false;
  const rows = await db
    .update(conversations)
    .set({ title: input.title })
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.title, input.expected),
        isNull(conversations.deletedAt),
      ),
    )
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/**
 * Hides the user's conversation everywhere at once and suspends its shared links (stamped with
 * the same time, so a restore brings back exactly these). False when there was nothing to delete.
 */
export async function softDeleteConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<boolean> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ deletedAt: sql`now()` })
      .where(
        and(
          eq(conversations.id, input.conversationId),
          eq(conversations.userId, input.userId),
          isNull(conversations.deletedAt),
        ),
      )
      .returning({ deletedAt: conversations.deletedAt });
    if (!row?.deletedAt) return false;
    await tx
      .update(shares)
      .set({ revokedAt: row.deletedAt, updatedAt: sql`now()` })
      .where(and(eq(shares.conversationId, input.conversationId), isNull(shares.revokedAt)));
    return true;
  });
}

/** Undoes a soft delete, links included. Null when it is not the user's or not deleted. */
export async function restoreConversation(
  db: Db,
  input: { userId: string; conversationId: string },
): Promise<Conversation | null> {
  if (!isUuid(input.conversationId) || !isUuid(input.userId)) return null;
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .select({ deletedAt: conversations.deletedAt })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, input.conversationId),
          eq(conversations.userId, input.userId),
          isNotNull(conversations.deletedAt),
        ),
      )
      .limit(1)
      .for('update');
    if (!deleted?.deletedAt) return null;
    const [row] = await tx
      .update(conversations)
      .set({ deletedAt: null })
      .where(eq(conversations.id, input.conversationId))
      .returning();
    // Links revoked on their own (by the owner) before the delete stay revoked.
    await tx
      .update(shares)
      .set({ revokedAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(shares.conversationId, input.conversationId),
          eq(shares.revokedAt, deleted.deletedAt),
        ),
      );
    return row ? toConversation(row) : null;
  });
}

/** Erases conversations deleted before `before` (messages and links by cascade). Returns how many. */
export async function purgeDeletedConversations(
  db: Db,
  options: { before?: Date } = {},
): Promise<number> {
  const before = options.before ?? new Date(Date.now() - DELETED_RETENTION_MS);
  const rows = await db
    .delete(conversations)
    .where(and(isNotNull(conversations.deletedAt), lt(conversations.deletedAt, before)))
    .returning({ id: conversations.id });
  return rows.length;
}

// Search: Postgres full-text search with the language-neutral 'simple' configuration (words in
// any order, any language with spaces), OR a case-insensitive substring (text without spaces:
// Chinese, Japanese), served by the GIN indexes in lib/db/schema.ts. The expressions must stay
// identical to the indexed ones. Only user and assistant text counts: tool output is noise.
// Case-insensitivity beyond ASCII follows the database's LC_CTYPE (PGlite: C.UTF-8).

const SEARCHED_ROLES = ['user', 'assistant'] as const;

function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The user's conversations matching `query` in their title or in a message, newest-updated first,
 * with the same keyset cursor as listConversations. Each item says where it matched: the newest
 * matching message, or the title.
 */
export async function searchConversations(
  db: Db,
  input: { userId: string; query: string; limit: number; cursor?: string | null },
): Promise<{ items: ConversationListItem[]; nextCursor: string | null }> {
  const limit = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(input.limit) || 1));
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const query = normalizeQuery(input.query);
  if (!isUuid(input.userId) || query === '') return { items: [], nextCursor: null };

  const tsquery = sql`websearch_to_tsquery('simple', ${query})`;
  const pattern = likePattern(query);
  const messageMatches = and(
    inArray(messages.role, [...SEARCHED_ROLES]),
    // The indexes' predicate, spelled the same so the planner can use them: an answer still
    // being written is searchable once it is finished.
    sql`${messages.status} <> 'streaming'`,
    or(
      sql`to_tsvector('simple', left(${messages.content}, 100000)) @@ ${tsquery}`,
      ilike(messages.content, pattern),
    ),
  );
  // Uncorrelated and limited to the user, so the planner may start from the GIN indexes (a rare
  // word) or from the user's own conversations (a common one).
  const owned = alias(conversations, 'owned');
  const withMatchingMessage = db
    .select({ id: messages.conversationId })
    .from(messages)
    .innerJoin(owned, eq(messages.conversationId, owned.id))
    .where(and(eq(owned.userId, input.userId), messageMatches));

  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, input.userId),
        isNull(conversations.deletedAt),
        after
          ? or(
              lt(conversations.updatedAt, after.updatedAt),
              and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id)),
            )
          : undefined,
        or(
          inArray(conversations.id, withMatchingMessage),
          sql`to_tsvector('simple', ${conversations.title}) @@ ${tsquery}`,
          ilike(conversations.title, pattern),
        ),
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(toConversation);

  // The snippet: each conversation's newest matching message, for this page only.
  const hits =
    page.length === 0
      ? []
      : await db
          .selectDistinctOn([messages.conversationId], {
            conversationId: messages.conversationId,
            content: messages.content,
            role: messages.role,
          })
          .from(messages)
          .where(
            and(
              inArray(
                messages.conversationId,
                page.map((c) => c.id),
              ),
              messageMatches,
            ),
          )
          .orderBy(messages.conversationId, desc(messages.seq));
  const hitOf = new Map(hits.map((h) => [h.conversationId, h]));

  const items = page.map((conversation): ConversationListItem => {
    const hit = hitOf.get(conversation.id);
    const match: SearchMatch =
      hit && (hit.role === 'user' || hit.role === 'assistant')
        ? { source: hit.role, snippet: makeSnippet(hit.content, query) }
        : { source: 'title', snippet: conversation.title };
    return { ...conversation, match };
  });
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
