import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@/lib/server/db/client';
import {
  createConversation,
  decideToolCall,
  insertMessage,
  listMessages,
  saveFinalAnswer,
  settleLostGenerations,
} from '@/lib/server/db/repository';
import { eq, sql } from 'drizzle-orm';
import { usageDaily } from '@/lib/db/schema';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';

// The database, not the process, settles races: these hold across requests and instances.
// Two handles on one database stand for two server instances (on Postgres: two pools).

let a: DbHandle;
let b: DbHandle;

const testDb = withTestDatabase(async (opened) => {
  a = opened;
  // PGlite has no lock between handles: both instances share one handle there.
  b = testDb.driver === 'postgres' ? await testDb.open() : a;
});

describe(`races (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('records exactly one of two concurrent decisions on a tool call', async () => {
    const userId = await createTestUser(a.db);
    const conversation = await createConversation(a.db, { userId });
    const waiting = await insertMessage(a.db, {
      conversationId: conversation.id,
      role: 'tool',
      toolCallId: 'call_1',
      status: 'complete',
      toolRun: { name: 'calc', status: 'awaiting_approval', durationMs: null },
    });
    const approve = {
      status: 'streaming',
      toolRun: { name: 'calc', status: 'running', durationMs: null },
    } as const;
    const deny = {
      content: 'denied',
      status: 'complete',
      toolRun: { name: 'calc', status: 'denied', durationMs: null },
    } as const;
    const decisions = await Promise.all([
      decideToolCall(a.db, waiting.id, approve),
      decideToolCall(b.db, waiting.id, approve),
      decideToolCall(a.db, waiting.id, deny),
      decideToolCall(b.db, waiting.id, deny),
    ]);
    const won = decisions.filter((d) => d !== null);
    expect(won).toHaveLength(1);
    const [saved] = await listMessages(a.db, { conversationId: conversation.id });
    expect(saved?.toolRun?.status).toBe(won[0]?.toolRun?.status);
    // Decided already: a late decision changes nothing.
    expect(await decideToolCall(a.db, waiting.id, deny)).toBeNull();
  });

  it('counts an answer once in the usage roll-up when its final save and a settle race', async () => {
    const userId = await createTestUser(a.db);
    const tries = 8;
    for (let i = 0; i < tries; i++) {
      const conversation = await createConversation(a.db, { userId, model: 'm' });
      const answer = await insertMessage(a.db, {
        conversationId: conversation.id,
        role: 'assistant',
        status: 'streaming',
        model: 'm',
      });
      // No live turn holds the answer: the settle may mark it interrupted while it is saved.
      await Promise.all([
        saveFinalAnswer(a.db, answer.id, {
          status: 'complete',
          usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
        }),
        settleLostGenerations(b.db, { conversationId: conversation.id }),
      ]);
    }
    const [row] = await a.db
      .select({ messages: sql<number>`sum(${usageDaily.messages})::int` })
      .from(usageDaily)
      .where(eq(usageDaily.userId, userId));
    expect(row?.messages).toBe(tries);
  });
});
