import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { ChatError, ToolCall } from '@/lib/chat/types';
import { messages } from '@/lib/db/schema';
import type { Db, DbHandle } from '@/lib/server/db/client';
import {
  createConversation,
  deleteConversation,
  ensureUser,
  getConversation,
  getMessageForUser,
  getOrCreateSecret,
  InvalidCursorError,
  insertMessage,
  listConversations,
  listMessages,
  touchConversation,
  updateMessage,
  userExists,
} from '@/lib/server/db/repository';
import { createTestDatabase, createTestUser, withTestDatabase } from '@/lib/server/db/testing';

// Mirrors drizzle's own bookkeeping table so the test can count applied migrations.
const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id'),
  hash: text('hash'),
});
const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(path.join(process.cwd(), 'drizzle/meta/_journal.json'), 'utf8'),
);

let handle: DbHandle;
let db: Db;

const newUser = () => createTestUser(db);

const testDb = withTestDatabase(async (opened) => {
  handle = opened;
  db = handle.db;
});

describe(`repository (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('applies every migration once, and re-opening applies nothing twice and keeps data', async () => {
    expect(handle.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(await db.select().from(drizzleMigrations)).toHaveLength(journal.entries.length);

    const userId = await newUser();
    const conversation = await createConversation(db, { userId, title: 'kept' });

    await handle.close();
    handle = await testDb.open();
    db = handle.db;

    expect(await db.select().from(drizzleMigrations)).toHaveLength(journal.entries.length);
    expect(await getConversation(db, { userId, conversationId: conversation.id })).toEqual(
      conversation,
    );
  });

  // Serverless instances can boot together against one fresh database. (PGlite is one
  // process per folder by construction, so this only applies to Postgres.)
  it.skipIf(!process.env.DATABASE_URL)(
    'migrates safely when instances start concurrently',
    async () => {
      const fresh = await createTestDatabase();
      try {
        const opened = await Promise.all([fresh.open(), fresh.open(), fresh.open()]);
        const [first] = opened;
        if (!first) throw new Error('unreachable');
        expect(await first.db.select().from(drizzleMigrations)).toHaveLength(
          journal.entries.length,
        );
      } finally {
        await fresh.destroy();
      }
    },
  );

  it('ensureUser is idempotent and userExists reflects it', async () => {
    const id = crypto.randomUUID();
    expect(await userExists(db, id)).toBe(false);
    await ensureUser(db, id);
    await ensureUser(db, id);
    await Promise.all([ensureUser(db, id), ensureUser(db, id)]);
    expect(await userExists(db, id)).toBe(true);
    expect(await userExists(db, 'not-a-uuid')).toBe(false);
  });

  it('creates a conversation with defaults and ISO timestamps', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId });
    expect(conversation).toMatchObject({ title: '', model: null });
    expect(new Date(conversation.createdAt).toISOString()).toBe(conversation.createdAt);
    expect(conversation.updatedAt).toBe(conversation.createdAt);
    const named = await createConversation(db, { userId, title: 'Hi', model: 'gpt-4o-mini' });
    expect(named).toMatchObject({ title: 'Hi', model: 'gpt-4o-mini' });
  });

  it("never returns another user's conversation or message", async () => {
    const alice = await newUser();
    const mallory = await newUser();
    const conversation = await createConversation(db, { userId: alice, title: 'private' });
    const message = await insertMessage(db, {
      conversationId: conversation.id,
      role: 'user',
      content: 'secret',
      status: 'complete',
    });

    expect(await getConversation(db, { userId: alice, conversationId: conversation.id })).toEqual(
      conversation,
    );
    expect(
      await getConversation(db, { userId: mallory, conversationId: conversation.id }),
    ).toBeNull();
    expect(
      await getConversation(db, { userId: alice, conversationId: crypto.randomUUID() }),
    ).toBeNull();
    expect(await getConversation(db, { userId: alice, conversationId: 'nope' })).toBeNull();

    expect(await getMessageForUser(db, { userId: alice, messageId: message.id })).toEqual({
      message,
      conversation,
    });
    expect(await getMessageForUser(db, { userId: mallory, messageId: message.id })).toBeNull();
    expect(await getMessageForUser(db, { userId: alice, messageId: '1; drop' })).toBeNull();

    expect(await listConversations(db, { userId: mallory, limit: 10 })).toEqual({
      items: [],
      nextCursor: null,
    });
    expect(await deleteConversation(db, { userId: mallory, conversationId: conversation.id })).toBe(
      false,
    );
    expect(await listMessages(db, { conversationId: conversation.id })).toHaveLength(1);
  });

  it('lists newest-updated first and pages through every conversation exactly once', async () => {
    const userId = await newUser();
    const other = await newUser();
    await createConversation(db, { userId: other, title: 'not mine' });
    const created = [];
    // Created back to back, so several share a millisecond: the id tie-break must hold.
    for (let i = 0; i < 11; i++)
      created.push(await createConversation(db, { userId, title: `c${i}` }));
    const oldest = created[0];
    if (!oldest) throw new Error('unreachable');
    // The touch must land in a later millisecond than the last insert to sort first.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const touched = await touchConversation(db, { conversationId: oldest.id, title: 'renamed' });
    expect(touched?.title).toBe('renamed');

    const all = await listConversations(db, { userId, limit: 100 });
    expect(all.nextCursor).toBeNull();
    expect(all.items).toHaveLength(11);
    expect(all.items[0]?.id).toBe(oldest.id);
    const sorted = [...all.items].sort(
      (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id),
    );
    expect(all.items.map((c) => c.id)).toEqual(sorted.map((c) => c.id));

    const paged = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listConversations>> = await listConversations(db, {
        userId,
        limit: 4,
        cursor,
      });
      expect(page.items.length).toBeLessThanOrEqual(4);
      paged.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(paged.map((c) => c.id)).toEqual(all.items.map((c) => c.id));

    await expect(listConversations(db, { userId, limit: 4, cursor: 'bogus' })).rejects.toThrow(
      InvalidCursorError,
    );
  });

  it('touchConversation bumps updated_at and updates only what it is given', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId, title: 't', model: 'm1' });
    await new Promise((r) => setTimeout(r, 5));
    const touched = await touchConversation(db, { conversationId: conversation.id });
    expect(touched).toMatchObject({ title: 't', model: 'm1', createdAt: conversation.createdAt });
    expect(touched && touched.updatedAt > conversation.updatedAt).toBe(true);
    const remodeled = await touchConversation(db, {
      conversationId: conversation.id,
      model: null,
    });
    expect(remodeled).toMatchObject({ title: 't', model: null });
    expect(await touchConversation(db, { conversationId: crypto.randomUUID() })).toBeNull();
  });

  it('keeps insertion order for many messages, even within one transaction (same now())', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId });
    const ids: string[] = [];
    await db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        const message = await insertMessage(tx, {
          conversationId: conversation.id,
          role: i % 2 === 0 ? 'user' : 'assistant',
          content: `m${i}`,
          status: 'complete',
        });
        ids.push(message.id);
      }
    });
    for (let i = 30; i < 60; i++) {
      const message = await insertMessage(db, {
        conversationId: conversation.id,
        role: 'user',
        content: `m${i}`,
        status: 'complete',
      });
      ids.push(message.id);
    }
    const listed = await listMessages(db, { conversationId: conversation.id });
    expect(new Set(listed.slice(0, 30).map((m) => m.createdAt)).size).toBe(1);
    expect(listed.map((m) => m.id)).toEqual(ids);
    expect(listed.map((m) => m.content)).toEqual(ids.map((_, i) => `m${i}`));
  });

  it('keeps tool runs on tool messages and settings on conversations', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId, settings: { tools: ['calc'] } });
    expect(conversation.settings).toEqual({ tools: ['calc'] });
    const tool = await insertMessage(db, {
      conversationId: conversation.id,
      role: 'tool',
      toolCallId: 'call_1',
      status: 'streaming',
      toolRun: { name: 'calc', status: 'running', durationMs: null },
    });
    const done = await updateMessage(db, tool.id, {
      content: '4',
      status: 'complete',
      toolRun: { name: 'calc', status: 'done', durationMs: 12 },
    });
    expect(done?.toolRun).toEqual({ name: 'calc', status: 'done', durationMs: 12 });
    const renamed = await touchConversation(db, {
      conversationId: conversation.id,
      settings: { tools: [] },
    });
    expect(renamed?.settings).toEqual({ tools: [] });
  });

  it('inserts with caller ids and defaults, and applies partial patches', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId });
    const user = await insertMessage(db, {
      conversationId: conversation.id,
      role: 'user',
      content: 'hello',
      status: 'complete',
    });
    const id = crypto.randomUUID();
    const assistant = await insertMessage(db, {
      id,
      conversationId: conversation.id,
      parentId: user.id,
      role: 'assistant',
      status: 'streaming',
      model: 'm',
    });
    expect(assistant).toEqual({
      id,
      conversationId: conversation.id,
      parentId: user.id,
      role: 'assistant',
      content: '',
      reasoning: null,
      refusal: null,
      toolCalls: null,
      toolCallId: null,
      status: 'streaming',
      finishReason: null,
      usage: null,
      model: 'm',
      error: null,
      reasoningMs: null,
      toolRun: null,
      createdAt: assistant.createdAt,
    });

    const partial = await updateMessage(db, id, { content: 'Hel', reasoning: 'thinking' });
    expect(partial).toMatchObject({ content: 'Hel', reasoning: 'thinking', status: 'streaming' });

    const toolCalls: ToolCall[] = [
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"c":1}' } },
    ];
    const error: ChatError = {
      code: 'rate_limited',
      message: 'slow down',
      retryable: true,
      retryAfterSeconds: 3,
    };
    const done = await updateMessage(db, id, {
      content: 'Hello!',
      reasoning: null,
      toolCalls,
      status: 'error',
      finishReason: 'tool_calls',
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5, cached: { n: 1 } },
      error,
      reasoningMs: 1234,
      refusal: 'no',
    });
    expect(done).toEqual({
      ...assistant,
      content: 'Hello!',
      reasoning: null,
      refusal: 'no',
      toolCalls,
      status: 'error',
      finishReason: 'tool_calls',
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5, cached: { n: 1 } },
      error,
      reasoningMs: 1234,
    });
    expect((await listMessages(db, { conversationId: conversation.id }))[1]).toEqual(done);
    expect(await updateMessage(db, crypto.randomUUID(), { content: 'x' })).toBeNull();
  });

  it('reads malformed JSON columns back as null instead of bad shapes', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId });
    const id = crypto.randomUUID();
    // Written around the repository on purpose: simulates an old or hand-edited row.
    await db.insert(messages).values({
      id,
      conversationId: conversation.id,
      role: 'assistant',
      status: 'complete',
      toolCalls: [
        { id: 1 },
        { id: 'ok', type: 'function', function: { name: 'f', arguments: '' } },
      ],
      usage: 'lots',
      error: { code: 42 },
    });
    const [message] = await listMessages(db, { conversationId: conversation.id });
    expect(message).toMatchObject({
      id,
      toolCalls: [{ id: 'ok', type: 'function', function: { name: 'f', arguments: '' } }],
      usage: null,
      error: null,
    });
  });

  it('rejects unknown roles and statuses at the database', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId });
    await expect(
      db.insert(messages).values({
        id: crypto.randomUUID(),
        conversationId: conversation.id,
        role: 'wizard',
        status: 'complete',
      }),
    ).rejects.toThrow();
    await expect(
      db.insert(messages).values({
        id: crypto.randomUUID(),
        conversationId: conversation.id,
        role: 'user',
        status: 'pending',
      }),
    ).rejects.toThrow();
  });

  it('deleting a conversation removes its messages', async () => {
    const userId = await newUser();
    const conversation = await createConversation(db, { userId });
    await insertMessage(db, { conversationId: conversation.id, role: 'user', status: 'complete' });
    expect(await deleteConversation(db, { userId, conversationId: conversation.id })).toBe(true);
    expect(await getConversation(db, { userId, conversationId: conversation.id })).toBeNull();
    expect(await listMessages(db, { conversationId: conversation.id })).toEqual([]);
  });

  it('creates a secret once and returns it to every caller, including concurrent ones', async () => {
    let generated = 0;
    const generate = () => `secret-${++generated}`;
    const first = await getOrCreateSecret(db, 'test_secret', generate);
    const second = await getOrCreateSecret(db, 'test_secret', generate);
    expect(first).toBe('secret-1');
    expect(second).toBe(first);

    const concurrent = await Promise.all(
      Array.from({ length: 8 }, (_, i) => getOrCreateSecret(db, 'race', () => `racer-${i}`)),
    );
    expect(new Set(concurrent).size).toBe(1);
    expect(concurrent[0]).toMatch(/^racer-\d$/);
  });
});
