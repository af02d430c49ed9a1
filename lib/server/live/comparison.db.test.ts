// One live group per conversation: a single answer, or one comparison whose columns are live
// together (lib/server/db/repository/generations.ts insertGenerations, and its unique index).
import { describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '@/lib/server/db/client';
import { createConversation, requestStop } from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import { attachBus } from './bus';
import { beginComparison, beginGeneration, type LiveTiming } from './generation';

let handle: DbHandle;
let db: Db;

withTestDatabase(async (opened) => {
  handle = opened;
  db = handle.db;
  await attachBus(handle);
});

const timing: LiveTiming = { leaseMs: 10_000, flushMs: 20, heartbeatMs: 100 };
const newConversation = async () =>
  (await createConversation(db, { userId: await createTestUser(db) })).id;
const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
const conflict = { code: 'conflict' };

describe(`one live comparison per conversation (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('claims every column at once, and nothing else while any column is live', async () => {
    const conversationId = await newConversation();
    const comparisonId = crypto.randomUUID();
    const columns = await beginComparison(db, conversationId, {
      comparisonId,
      messageIds: ids(3),
      timing,
    });
    expect(new Set(columns.map((c) => c.id)).size).toBe(3);
    await expect(beginGeneration(db, conversationId, { timing })).rejects.toMatchObject(conflict);
    await expect(
      beginComparison(db, conversationId, {
        comparisonId: crypto.randomUUID(),
        messageIds: ids(2),
        timing,
      }),
    ).rejects.toMatchObject(conflict);

    // The first column ends; the others still hold the conversation.
    await columns[0]?.finish();
    await expect(beginGeneration(db, conversationId, { timing })).rejects.toMatchObject(conflict);
    // A column of this comparison may start again in its own slot (a Retry) — once.
    const retry = await beginGeneration(db, conversationId, {
      timing,
      comparison: { id: comparisonId, slot: 0 },
      slot: 0,
    });
    await expect(
      beginGeneration(db, conversationId, {
        timing,
        comparison: { id: comparisonId, slot: 0 },
        slot: 0,
      }),
    ).rejects.toMatchObject(conflict);
    // A live column cannot be claimed twice.
    await expect(
      beginGeneration(db, conversationId, {
        timing,
        comparison: { id: comparisonId, slot: 1 },
        slot: 1,
      }),
    ).rejects.toMatchObject(conflict);

    await Promise.all([retry, ...columns.slice(1)].map((c) => c?.finish()));
    const next = await beginGeneration(db, conversationId, { timing });
    await next.finish();
  });

  it('a comparison is refused while a single answer is live, whole (no column is claimed)', async () => {
    const conversationId = await newConversation();
    const single = await beginGeneration(db, conversationId, { timing });
    await expect(
      beginComparison(db, conversationId, {
        comparisonId: crypto.randomUUID(),
        messageIds: ids(3),
        timing,
      }),
    ).rejects.toMatchObject(conflict);
    expect(await requestStop(db, { conversationId })).toHaveLength(1);
    await single.finish();
  });

  it('Stop reaches one column alone', async () => {
    const conversationId = await newConversation();
    const columns = await beginComparison(db, conversationId, {
      comparisonId: crypto.randomUUID(),
      messageIds: ids(2),
      timing,
    });
    const [one, two] = columns;
    const reached = await requestStop(db, { generationId: one?.id ?? '' });
    expect(reached.map((g) => g.id)).toEqual([one?.id]);
    await expect.poll(() => one?.signal.aborted, { timeout: 2_000 }).toBe(true);
    expect(two?.signal.aborted).toBe(false);
    await Promise.all(columns.map((c) => c.finish()));
  });
});
