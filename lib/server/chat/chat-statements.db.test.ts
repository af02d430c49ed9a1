// The database round trips of one answer, counted on the real path (the chat route's limits,
// then startChat, on PGlite or on PostgreSQL in CI, against the HTTP mock upstream). Every
// statement before the model is called is latency the user waits for, and each costs the server
// CPU on every answer (README, Performance): this keeps their number from growing back.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startMockUpstream } from '@/e2e/mock-upstream/server';
import type { Db } from '@/lib/server/db/client';
import { getActiveLeafId, getConversation, insertGenerations } from '@/lib/server/db/repository';
import { createTestUser, withTestDatabase } from '@/lib/server/db/testing';
import { attachBus } from '@/lib/server/live/bus';
import { enforceLimits, MINUTE, type Limit } from '@/lib/server/limits/rate-limit';

const mock = await startMockUpstream();
vi.stubEnv('OPENAI_BASE_URL', mock.url);
vi.stubEnv('CHAT_MODEL', 'mock-model');
const { startChat } = await import('./start-chat');

/** Every statement sent to the database, in order. */
const statements: string[] = [];
let db: Db;
let userId: string;

withTestDatabase(
  async (handle) => {
    db = handle.db;
    userId = await createTestUser(db);
    // The process-wide database (lib/server/db/database.ts) is this test's, counted.
    (globalThis as Record<symbol, unknown>)[Symbol.for('parley.db')] = Promise.resolve(handle);
    await attachBus(handle);
  },
  { onStatement: (sql) => statements.push(sql) },
);

afterAll(async () => {
  await mock.close();
});

/** One answer: statements sent until its `start` event was sent, and in all. */
async function answer(body: Parameters<typeof startChat>[1]) {
  statements.length = 0;
  const turn = await startChat(userId, body, { deadlineMs: 60_000 });
  // The `start` event is sent before startChat returns; the model's answer is read after it.
  const beforeModel = statements.length;
  const text = await new Response(turn.stream).text();
  await turn.finished;
  return { beforeModel, total: statements.length, text };
}

const idOf = (text: string, field: 'conversationId' | 'assistantMessage') => {
  const start = text.split('\n').find((line) => line.startsWith('data: {"conversationId"'));
  const data = JSON.parse(start?.slice('data: '.length) ?? '{}');
  return field === 'conversationId' ? data.conversationId : data.assistantMessage?.id;
};

describe('the statements of one answer', () => {
  it('a chat request’s three limits are counted in one statement', async () => {
    const limit = (key: string, extra: Partial<Limit> = {}): Limit => ({
      key: `${key}:${crypto.randomUUID()}`,
      max: 10,
      windowMs: MINUTE,
      what: 'messages',
      ...extra,
    });
    statements.length = 0;
    await enforceLimits(db, [limit('tokens', { budget: true }), limit('user'), limit('ip')]);
    expect(statements).toHaveLength(1);
  });

  it('a new conversation, then its next message: few statements before the model is called', async () => {
    const first = await answer({ content: '[[mock:text tokens=5]] hello' });
    expect(first.text).toContain('event: done');
    // The conversation, the question, the answer shown and the claim in one statement. The
    // `start` event's log waits for the first flush (or the end), off the first token's path.
    expect(first.beforeModel).toBe(1);
    // After the model: the answer's final state with its usage roll-up (one statement), the
    // tokens spent, the log's writes and its end, the generated title.
    expect(first.total).toBeLessThanOrEqual(10);

    const conversationId = idOf(first.text, 'conversationId');
    const next = await answer({ conversationId, content: '[[mock:text tokens=5]] again' });
    expect(next.text).toContain('event: done');
    const shown = idOf(next.text, 'assistantMessage');
    expect(await getActiveLeafId(db, { conversationId })).toBe(shown);
    const saved = await getConversation(db, { userId, conversationId });
    expect(saved?.model).toBe('mock-model');
    // The conversation with its shown leaf, its messages, the claim, the question, the answer
    // shown. Lost turns are settled only when one is in the way.
    expect(next.beforeModel).toBeLessThanOrEqual(5);
  });

  it('a turn lost before its answer was saved is settled when it refuses the claim', async () => {
    const first = await answer({ content: '[[mock:text tokens=3]] hello' });
    const conversationId = idOf(first.text, 'conversationId');
    // An instance that claimed the conversation and vanished before saving its answer: no answer
    // is marked as being written, but the claim is still held (its lease has run out).
    expect(
      await insertGenerations(db, {
        conversationId,
        leaseMs: -1000,
        comparisonId: null,
        claims: [{ id: crypto.randomUUID(), messageId: null, slot: 0 }],
      }),
    ).toBe(true);
    const next = await answer({ conversationId, content: '[[mock:text tokens=3]] again' });
    expect(next.text).toContain('event: done');
  });
});
