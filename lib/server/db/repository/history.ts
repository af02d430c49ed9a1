import 'server-only';
import {
  and,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversationListItem, SearchMatch } from '@/lib/chat/api-types';
import { markdownToPlainText } from '@/lib/chat/plain-text';
import { makeSnippet, normalizeQuery } from '@/lib/chat/search-text';
import type { Conversation } from '@/lib/chat/types';
import { conversations, messages, shares } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { decodeSearchCursor, encodeSearchCursor, isUuid } from '@/lib/server/db/cursor';
import { toConversation } from '@/lib/server/db/rows';
import { MAX_PAGE_SIZE } from './conversations';
import { ownedAfter } from './shared';

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
 * The user's conversations matching `query`: those whose title matches first, then those that
 * match only in a message, each part newest-updated first, one keyset page at a time. Each item
 * says where it matched: the newest matching message, or the title.
 */
export async function searchConversations(
  db: Db,
  input: { userId: string; query: string; limit: number; cursor?: string | null },
): Promise<{ items: ConversationListItem[]; nextCursor: string | null }> {
  const limit = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(input.limit) || 1));
  const after = input.cursor ? decodeSearchCursor(input.cursor) : null;
  const query = normalizeQuery(input.query);
  if (!isUuid(input.userId) || query === '') return { items: [], nextCursor: null };

  const { messageMatches, withMatchingMessage, titleHit } = searchConditions(
    db,
    input.userId,
    query,
  );
  const rows = await db
    .select({ conversation: conversations, titleHit })
    .from(conversations)
    .where(
      and(
        ownedAfter(input.userId, null),
        or(inArray(conversations.id, withMatchingMessage), titleHit),
        afterSearchCursor(after, titleHit),
      ),
    )
    .orderBy(desc(titleHit), desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => toConversation(row.conversation));
  const hitOf = await newestMatchingMessages(db, page, messageMatches);

  const items = page.map((conversation): ConversationListItem => {
    const hit = hitOf.get(conversation.id);
    const match: SearchMatch =
      hit && (hit.role === 'user' || hit.role === 'assistant')
        ? { source: hit.role, snippet: makeSnippet(markdownToPlainText(hit.content), query) }
        : { source: 'title', snippet: conversation.title };
    return { ...conversation, match };
  });
  const last = items.at(-1);
  const lastHit = rows[items.length - 1]?.titleHit === true;
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeSearchCursor(last, lastHit) : null,
  };
}

/** What a match is: in a message (full-text or substring), in the title. */
function searchConditions(db: Db, userId: string, query: string) {
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
    .where(and(eq(owned.userId, userId), messageMatches));

  // Never null (a null title would sort as a match in descending order).
  const titleHit = sql<boolean>`coalesce(${or(
    sql`to_tsvector('simple', ${conversations.title}) @@ ${tsquery}`,
    ilike(conversations.title, pattern),
  )}, false)`;
  return { messageMatches, withMatchingMessage, titleHit };
}

/**
 * Keyset over (title match, updated_at, id): after a title match come older title matches
 * and every body match; after a body match, older body matches only.
 */
function afterSearchCursor(
  after: ReturnType<typeof decodeSearchCursor> | null,
  titleHit: SQL<boolean>,
): SQL | undefined {
  if (!after) return undefined;
  const olderThanCursor = or(
    lt(conversations.updatedAt, after.updatedAt),
    and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id)),
  );
  return after.titleHit
    ? or(and(titleHit, olderThanCursor), not(titleHit))
    : and(not(titleHit), olderThanCursor);
}

/** The snippet: each conversation's newest matching message, for this page only. */
async function newestMatchingMessages(
  db: Db,
  page: readonly { id: string }[],
  messageMatches: SQL | undefined,
) {
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
  return new Map(hits.map((h) => [h.conversationId, h]));
}
