import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, shares } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import {
  createConversation,
  createShare,
  DELETED_RETENTION_MS,
  getActiveShare,
  getConversation,
  getMessageForUser,
  InvalidCursorError,
  insertMessage,
  listConversations,
  listMessages,
  purgeDeletedConversations,
  renameConversation,
  restoreConversation,
  revokeShare,
  saveGeneratedTitle,
  searchConversations,
  softDeleteConversation,
  touchConversation,
  updateMessage,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import { newShareId } from '@/lib/server/share/share-id';
import type { ShareSnapshot } from '@/lib/share/types';

// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set: both must give the same answers.

let db: Db;

const testDb = withTestDatabase(async (opened) => {
  db = opened.db;
});

const newUser = () => createTestUser(db);

/** A conversation with a user message and an assistant answer. */
async function exchange(userId: string, title: string, question: string, answer: string) {
  const conversation = await createConversation(db, { userId, title });
  const user = await insertMessage(db, {
    conversationId: conversation.id,
    role: 'user',
    content: question,
    status: 'complete',
  });
  await insertMessage(db, {
    conversationId: conversation.id,
    parentId: user.id,
    role: 'assistant',
    content: answer,
    status: 'complete',
  });
  // Later exchanges are newer in the list.
  return (await touchConversation(db, { conversationId: conversation.id })) ?? conversation;
}

/** Rows of a raw query; the two drivers wrap them differently. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function snapshot(title: string): ShareSnapshot {
  const now = new Date().toISOString();
  return {
    version: 1,
    title,
    model: 'm',
    conversationCreatedAt: now,
    takenAt: now,
    indexable: false,
    messages: [],
  };
}

const search = (userId: string, query: string, limit = 20, cursor?: string | null) =>
  searchConversations(db, { userId, query, limit, cursor });
const ids = (page: { items: { id: string }[] }) => page.items.map((c) => c.id);

describe(`history (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('has the search extension and indexes', async () => {
    const extensions = await rows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions.map((r) => r.extname)).toEqual(['pg_trgm']);
    const indexes = await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename in ('messages', 'conversations')`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual(
      expect.arrayContaining([
        'conversations_deleted_idx',
        'conversations_title_fts_idx',
        'conversations_title_trgm_idx',
        'messages_content_fts_idx',
        'messages_content_trgm_idx',
      ]),
    );
  });

  describe('search', () => {
    it('finds a word that appears only in an assistant message, with a snippet around it', async () => {
      const userId = await newUser();
      const other = await exchange(userId, 'Unrelated', 'hello', 'nothing to see');
      const target = await exchange(
        userId,
        'Physics questions',
        'Tell me about particles',
        `${'Some long preamble about physics. '.repeat(6)}Quarks combine into hadrons like the zorblax particle. The end.`,
      );
      const page = await search(userId, 'zorblax');
      expect(ids(page)).toEqual([target.id]);
      expect(page.items[0]?.match?.source).toBe('assistant');
      expect(page.items[0]?.match?.snippet).toContain('zorblax particle');
      expect(page.items[0]?.match?.snippet.startsWith('…')).toBe(true);
      // Case does not matter, and the title is not required to match.
      expect(ids(await search(userId, 'ZORBLAX'))).toEqual([target.id]);
      expect(ids(await search(userId, 'nothing'))).toEqual([other.id]);
    });

    it('shows snippets as plain text, without markdown syntax', async () => {
      const userId = await newUser();
      const target = await exchange(
        userId,
        'Demo',
        'hello',
        "I'm Parley's **offline demo model** with `code` and [a link](https://x.test).",
      );
      const page = await search(userId, 'offline demo');
      expect(ids(page)).toEqual([target.id]);
      expect(page.items[0]?.match?.snippet).toBe(
        "I'm Parley's offline demo model with code and a link.",
      );
    });

    it('matches words in any order (full-text) and substrings without spaces (CJK)', async () => {
      const userId = await newUser();
      const words = await exchange(userId, 'Trip', 'plan a trip', 'Take the night train to Vienna');
      const japanese = await exchange(
        userId,
        '旅行',
        '東京の夜景がきれいな場所を教えて',
        '六本木ヒルズの展望台がおすすめです。',
      );
      const chinese = await exchange(userId, '问题', '我喜欢北京烤鸭', '北京烤鸭很好吃');
      expect(ids(await search(userId, 'vienna train'))).toEqual([words.id]);
      expect(ids(await search(userId, '夜景'))).toEqual([japanese.id]);
      expect((await search(userId, '夜景')).items[0]?.match).toEqual({
        source: 'user',
        snippet: '東京の夜景がきれいな場所を教えて',
      });
      expect(ids(await search(userId, '展望台'))).toEqual([japanese.id]);
      expect(ids(await search(userId, '烤鸭'))).toEqual([chinese.id]);
      expect(ids(await search(userId, '京'))).toEqual([chinese.id, japanese.id]);
      expect(ids(await search(userId, '上海'))).toEqual([]);
    });

    it('matches titles, newest first, and pages with the list cursor', async () => {
      const userId = await newUser();
      const made = [];
      for (let i = 0; i < 5; i++) {
        made.push(await exchange(userId, `Gardening note ${i}`, `question ${i}`, `answer ${i}`));
      }
      await exchange(userId, 'Cooking', 'soup?', 'yes');
      const first = await search(userId, 'gardening', 2);
      expect(first.items.map((c) => c.match)).toEqual([
        { source: 'title', snippet: 'Gardening note 4' },
        { source: 'title', snippet: 'Gardening note 3' },
      ]);
      const second = await search(userId, 'gardening', 2, first.nextCursor);
      const third = await search(userId, 'gardening', 2, second.nextCursor);
      expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
        made.map((c) => c.id).reverse(),
      );
      expect(third.nextCursor).toBeNull();
      await expect(search(userId, 'gardening', 2, 'bogus')).rejects.toThrow(InvalidCursorError);
    });

    it('ranks title matches above body matches, each newest first, across pages', async () => {
      const userId = await newUser();
      const oldTitle = await exchange(userId, 'Time in Tokyo', 'what time is it?', 'noon');
      const oldBody = await exchange(userId, 'Trip ideas', 'where to go?', 'Tokyo in spring');
      const newTitle = await exchange(userId, 'Tokyo food', 'ramen?', 'yes');
      const newBody = await exchange(userId, 'Flights', 'cheap flights to Tokyo?', 'maybe');
      await exchange(userId, 'Cooking', 'soup?', 'yes');
      const expected = [newTitle.id, oldTitle.id, newBody.id, oldBody.id];
      expect(ids(await search(userId, 'tokyo'))).toEqual(expected);
      // One at a time, the cursor crosses from the title matches to the body matches.
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 6; i++) {
        const page = await search(userId, 'tokyo', 1, cursor);
        seen.push(...ids(page));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
      // A substring of a title counts as a title match too.
      expect(ids(await search(userId, 'toky'))).toEqual(expected);
    });

    it('prefers the newest matching message for the snippet', async () => {
      const userId = await newUser();
      const conversation = await exchange(userId, 'T', 'first mention of kumquat', 'ok');
      await insertMessage(db, {
        conversationId: conversation.id,
        role: 'assistant',
        content: 'second kumquat mention',
        status: 'complete',
      });
      expect((await search(userId, 'kumquat')).items[0]?.match).toEqual({
        source: 'assistant',
        snippet: 'second kumquat mention',
      });
    });

    it("never returns another user's or a deleted conversation, nor tool output", async () => {
      const alice = await newUser();
      const mallory = await newUser();
      const mine = await exchange(alice, 'Secret plans', 'the password is swordfish', 'noted');
      const deleted = await exchange(alice, 'Old', 'swordfish again', 'ok');
      const tool = await createConversation(db, { userId: alice, title: 'Tools' });
      await insertMessage(db, {
        conversationId: tool.id,
        role: 'tool',
        content: 'swordfish from a tool',
        toolCallId: 'call_1',
        status: 'complete',
      });
      expect(ids(await search(alice, 'swordfish'))).toEqual([deleted.id, mine.id]);

      expect(await softDeleteConversation(db, { userId: alice, conversationId: deleted.id })).toBe(
        true,
      );
      expect(ids(await search(alice, 'swordfish'))).toEqual([mine.id]);
      expect(ids(await search(mallory, 'swordfish'))).toEqual([]);
      expect(ids(await search(mallory, 'Secret'))).toEqual([]);
    });

    it('finds an answer once it is finished, not while it is being written', async () => {
      const userId = await newUser();
      const conversation = await createConversation(db, { userId, title: 'Live' });
      const answer = await insertMessage(db, {
        conversationId: conversation.id,
        role: 'assistant',
        content: 'the word wombatish appears',
        status: 'streaming',
      });
      expect(ids(await search(userId, 'wombatish'))).toEqual([]);
      await updateMessage(db, answer.id, { status: 'interrupted' });
      expect(ids(await search(userId, 'wombatish'))).toEqual([conversation.id]);
    });

    it('treats LIKE wildcards and query syntax as plain text', async () => {
      const userId = await newUser();
      const percent = await exchange(userId, 'Rates', 'is 100% right?', 'yes');
      await exchange(userId, 'Other', 'plain words', 'more words');
      expect(ids(await search(userId, '%'))).toEqual([percent.id]);
      expect(ids(await search(userId, '_'))).toEqual([]);
      expect(ids(await search(userId, '!!!'))).toEqual([]);
      expect(ids(await search(userId, '   '))).toEqual([]);
      expect(ids(await search(userId, '"plain words" -nothing'))).toHaveLength(1);
    });
  });

  describe('soft delete, restore and purge', () => {
    it('hides a deleted conversation from every read, and restores it with its links', async () => {
      const owner = await newUser();
      const stranger = await newUser();
      const conversation = await exchange(owner, 'Keep me', 'question', 'answer');
      const [message] = await listMessages(db, { conversationId: conversation.id });
      const live = await createShare(db, {
        id: newShareId(),
        userId: owner,
        conversationId: conversation.id,
        snapshot: snapshot('live'),
      });
      const revokedBefore = await createShare(db, {
        id: newShareId(),
        userId: owner,
        conversationId: conversation.id,
        snapshot: snapshot('revoked'),
      });
      expect(await revokeShare(db, { shareId: revokedBefore.id, userId: owner })).toBe(true);

      expect(
        await softDeleteConversation(db, { userId: stranger, conversationId: conversation.id }),
      ).toBe(false);
      expect(
        await softDeleteConversation(db, { userId: owner, conversationId: conversation.id }),
      ).toBe(true);
      expect(
        await softDeleteConversation(db, { userId: owner, conversationId: conversation.id }),
      ).toBe(false);

      const key = { userId: owner, conversationId: conversation.id };
      expect(await getConversation(db, key)).toBeNull();
      expect(ids(await listConversations(db, { userId: owner, limit: 100 }))).not.toContain(
        conversation.id,
      );
      expect(
        await getMessageForUser(db, { userId: owner, messageId: message?.id ?? '' }),
      ).toBeNull();
      expect(await touchConversation(db, { conversationId: conversation.id })).toBeNull();
      expect(await renameConversation(db, { ...key, title: 'x' })).toBeNull();
      expect(
        await saveGeneratedTitle(db, {
          conversationId: conversation.id,
          expected: 'Keep me',
          title: 'x',
        }),
      ).toBe(false);
      expect(await getActiveShare(db, live.id)).toBeNull();
      // Nothing was erased: the messages are still there for an undo.
      expect(await listMessages(db, { conversationId: conversation.id })).toHaveLength(2);

      expect(
        await restoreConversation(db, { userId: stranger, conversationId: conversation.id }),
      ).toBeNull();
      const restored = await restoreConversation(db, key);
      expect(restored).toEqual(conversation);
      expect(await restoreConversation(db, key)).toBeNull();
      expect(await getConversation(db, key)).toEqual(conversation);
      expect((await getActiveShare(db, live.id))?.snapshot.title).toBe('live');
      expect(await getActiveShare(db, revokedBefore.id)).toBeNull();
      expect(ids(await listConversations(db, { userId: owner, limit: 100 }))).toContain(
        conversation.id,
      );
    });

    it('purges only what was deleted before the cut-off, with its messages and links', async () => {
      const owner = await newUser();
      const old = await exchange(owner, 'old', 'q', 'a');
      const recent = await exchange(owner, 'recent', 'q', 'a');
      const kept = await exchange(owner, 'kept', 'q', 'a');
      const share = await createShare(db, {
        id: newShareId(),
        userId: owner,
        conversationId: old.id,
        snapshot: snapshot('old'),
      });
      await softDeleteConversation(db, { userId: owner, conversationId: old.id });
      await softDeleteConversation(db, { userId: owner, conversationId: recent.id });
      // Pretend the first delete happened 31 days ago.
      await db
        .update(conversations)
        .set({ deletedAt: new Date(Date.now() - DELETED_RETENTION_MS - 86_400_000) })
        .where(eq(conversations.id, old.id));

      expect(await purgeDeletedConversations(db)).toBeGreaterThanOrEqual(1);
      const remaining = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.userId, owner));
      expect(remaining.map((r) => r.id).sort()).toEqual([recent.id, kept.id].sort());
      expect(await db.select().from(messages).where(eq(messages.conversationId, old.id))).toEqual(
        [],
      );
      expect(await db.select().from(shares).where(eq(shares.id, share.id))).toEqual([]);
      // The recent one can still be restored.
      expect(
        await restoreConversation(db, { userId: owner, conversationId: recent.id }),
      ).not.toBeNull();
    });

    it('runs the purge when a database opens', async () => {
      const owner = await newUser();
      const old = await exchange(owner, 'old', 'q', 'a');
      await softDeleteConversation(db, { userId: owner, conversationId: old.id });
      await db
        .update(conversations)
        .set({ deletedAt: new Date(Date.now() - DELETED_RETENTION_MS - 60_000) })
        .where(eq(conversations.id, old.id));
      const second = await testDb.open();
      const rows = await second.db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.id, old.id));
      expect(rows).toEqual([]);
    });
  });

  describe('titles', () => {
    it('renames without moving the conversation in the list', async () => {
      const userId = await newUser();
      const conversation = await exchange(userId, 'Before', 'q', 'a');
      const renamed = await renameConversation(db, {
        userId,
        conversationId: conversation.id,
        title: 'After',
      });
      expect(renamed).toEqual({ ...conversation, title: 'After' });
      const stranger = await newUser();
      expect(
        await renameConversation(db, {
          userId: stranger,
          conversationId: conversation.id,
          title: 'x',
        }),
      ).toBeNull();
    });

    it('saves a generated title only over the provisional one', async () => {
      const userId = await newUser();
      const conversation = await exchange(userId, 'How do I bake bread at home?', 'q', 'a');
      const save = (expected: string, title: string) =>
        saveGeneratedTitle(db, { conversationId: conversation.id, expected, title });
      expect(await save('How do I bake bread at home?', 'Baking bread at home')).toBe(true);
      // The user renamed it meanwhile: the (second) generated title must not overwrite it.
      await renameConversation(db, { userId, conversationId: conversation.id, title: 'Mine' });
      expect(await save('Baking bread at home', 'Another title')).toBe(false);
      expect((await getConversation(db, { userId, conversationId: conversation.id }))?.title).toBe(
        'Mine',
      );
    });
  });
});
