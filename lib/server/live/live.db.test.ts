import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encodeSSE } from '@/lib/chat/events';
import type { Db, DbHandle } from '@/lib/server/db/client';
import {
  createConversation,
  getGeneration,
  insertMessage,
  listMessages,
  readEvents,
  requestStop,
  settleLostGenerations,
  updateMessage,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import { attachBus, isListening } from './bus';
import { beginGeneration, type LiveTiming } from './generation';
import { findGeneration, resumeStream } from './resume';
import { stopLive } from './stop';

let handle: DbHandle;
let db: Db;

withTestDatabase(async (opened) => {
  handle = opened;
  db = handle.db;
  await attachBus(handle);
});

const fast: LiveTiming = { leaseMs: 10_000, flushMs: 20, heartbeatMs: 100 };
const newConversation = async () =>
  (await createConversation(db, { userId: await createTestUser(db) })).id;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

const frames = (text: string) =>
  text
    .split('\n\n')
    .filter((f) => f.startsWith('id: '))
    .map((f) => ({ id: Number(/^id: (\d+)/.exec(f)?.[1]), body: f.replace(/^id: \d+\n/, '') }));

describe(`live generations (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('listens for notifications on this driver', async () => {
    expect(await isListening()).toBe(true);
  });

  it('claims a conversation for one turn at a time', async () => {
    const conversationId = await newConversation();
    const live = await beginGeneration(db, conversationId, { timing: fast });
    await expect(beginGeneration(db, conversationId, { timing: fast })).rejects.toMatchObject({
      code: 'conflict',
    });
    await live.finish();
    const next = await beginGeneration(db, conversationId, { timing: fast });
    await next.finish();
  });

  it('numbers every event, logs it in batches, replays exactly the missing ones, then compacts', async () => {
    const conversationId = await newConversation();
    const live = await beginGeneration(db, conversationId, { timing: fast });
    const tokens = Array.from({ length: 50 }, (_, i) => `t${i + 1}`);
    live.sink.send(encodeSSE({ conversationId }, 'start'));
    for (const t of tokens) {
      live.sink.send(encodeSSE({ choices: [{ index: 0, delta: { content: t } }] }));
      if (Number(t.slice(1)) % 10 === 0) await sleep(30);
    }
    await sleep(100);
    const batches = await readEvents(db, { generationId: live.id, after: 0 });
    // Batched: far fewer rows than events, and contiguous numbering.
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.length).toBeLessThan(30);
    expect(batches.flatMap((b) => b.frames)).toHaveLength(51);

    // A browser that saw up to event 20 resumes: it gets 21.. then the live tail and `done`.
    const generation = await findGeneration(db, { conversationId });
    if (!generation) throw new Error('no generation');
    const abort = new AbortController();
    const resumed = readAll(
      resumeStream(db, generation, {
        conversationId,
        after: 20,
        signal: abort.signal,
        deadlineMs: 30_000,
      }),
    );
    await sleep(50);
    live.sink.send(encodeSSE({ choices: [{ index: 0, delta: { content: ' tail' } }] }));
    live.sink.send(encodeSSE({ messages: [] }, 'done'));
    await live.finish();
    const got = frames(await resumed);
    expect(got.map((f) => f.id)).toEqual(Array.from({ length: 33 }, (_, i) => 21 + i));
    expect(got.at(-2)?.body).toContain(' tail');
    expect(got.at(-1)?.body).toMatch(/^event: done\n/);

    // Compacted a minute after the end (here: backdated), by the next turn that finishes.
    const kept = await readEvents(db, { generationId: live.id, after: 0 });
    expect(kept.flatMap((b) => b.frames)).toHaveLength(53);
    await db.execute(
      sql`update generations set finished_at = now() - interval '2 minutes' where id = ${live.id}`,
    );
    await (await beginGeneration(db, await newConversation(), { timing: fast })).finish();
    expect(await readEvents(db, { generationId: live.id, after: 0 })).toEqual([]);
    // A late reconnect still ends with the saved messages.
    const late = frames(
      await readAll(
        resumeStream(db, generation, {
          conversationId,
          after: 5,
          signal: abort.signal,
          deadlineMs: 30_000,
        }),
      ),
    );
    expect(late).toEqual([{ id: 53, body: expect.stringMatching(/^event: done\n/) }]);
  });

  it('writes nothing when the turn starts: an answer done within the interval is logged by its final write', async () => {
    const conversationId = await newConversation();
    const live = await beginGeneration(db, conversationId, {
      timing: { leaseMs: 60_000, flushMs: 5_000, heartbeatMs: 30_000 },
    });
    live.sink.send(encodeSSE({ conversationId }, 'start'));
    live.sink.send(encodeSSE({ choices: [{ index: 0, delta: { content: 'quick' } }] }));
    await sleep(100);
    expect(await readEvents(db, { generationId: live.id, after: 0 })).toEqual([]);
    live.sink.send(encodeSSE({ messages: [] }, 'done'));
    await live.finish();
    expect(live.writes).toBe(1);
    const logged = await readEvents(db, { generationId: live.id, after: 0 });
    expect(logged.flatMap((b) => b.frames)).toHaveLength(3);
  });

  it('a Stop recorded in the database reaches the generating turn within a second', async () => {
    const conversationId = await newConversation();
    // A slow heartbeat: only the notification can make it this fast.
    const live = await beginGeneration(db, conversationId, {
      timing: { leaseMs: 60_000, flushMs: 20, heartbeatMs: 30_000 },
    });
    const t0 = Date.now();
    const aborted = new Promise<number>((resolve) =>
      live.signal.addEventListener('abort', () => resolve(Date.now() - t0)),
    );
    expect(await requestStop(db, { conversationId })).toEqual([{ id: live.id, expired: false }]);
    expect(await aborted).toBeLessThan(1_000);
    expect(live.signal.reason).toBe('stop');
    await live.finish();
  });

  it('without notifications, the heartbeat notices a Stop', async () => {
    const conversationId = await newConversation();
    const live = await beginGeneration(db, conversationId, {
      timing: { leaseMs: 60_000, flushMs: 20, heartbeatMs: 200 },
    });
    // Record the stop without the trigger's notification reaching this turn's subscription.
    await db.execute(sql`alter table generations disable trigger generations_notify`);
    try {
      await requestStop(db, { conversationId });
      const t0 = Date.now();
      await new Promise((resolve) => live.signal.addEventListener('abort', resolve));
      expect(Date.now() - t0).toBeLessThan(1_000);
    } finally {
      await db.execute(sql`alter table generations enable trigger generations_notify`);
      await live.finish();
    }
  });

  it('stopLive waits until the generating side saved the answer', async () => {
    const conversationId = await newConversation();
    const live = await beginGeneration(db, conversationId, { timing: fast });
    let saved = false;
    live.signal.addEventListener('abort', () => {
      setTimeout(async () => {
        saved = true;
        await live.finish();
      }, 150);
    });
    expect(await stopLive(db, { conversationId }, 5_000)).toBe(true);
    expect(saved).toBe(true);
    expect((await getGeneration(db, live.id))?.finished).toBe(true);
  });

  it('settles an answer as interrupted only after its lease expired, keeping its text', async () => {
    const conversationId = await newConversation();
    const other = await newConversation();
    // No heartbeat: as if the instance had been killed.
    const timing = { leaseMs: 1_000, flushMs: 20, heartbeatMs: 3_600_000 };
    const dead = await beginGeneration(db, conversationId, { timing });
    const alive = await beginGeneration(db, other, { timing: fast });
    const answer = await insertMessage(db, {
      conversationId,
      role: 'assistant',
      status: 'streaming',
    });
    await updateMessage(db, answer.id, { content: 'half an ans' });
    const running = await insertMessage(db, {
      conversationId: other,
      role: 'assistant',
      status: 'streaming',
    });

    expect(await settleLostGenerations(db)).toBe(0);
    await sleep(1_200);
    expect(await settleLostGenerations(db)).toBe(1);
    const [after] = await listMessages(db, { conversationId });
    expect(after).toMatchObject({
      status: 'interrupted',
      content: 'half an ans',
      // An error, so the screen offers Retry and Continue rather than saying "Stopped".
      error: { code: 'server_stopped', retryable: true },
    });
    expect((await listMessages(db, { conversationId: other }))[0]?.id).toBe(running.id);
    expect((await listMessages(db, { conversationId: other }))[0]?.status).toBe('streaming');
    expect(await getGeneration(db, dead.id)).toMatchObject({ finished: true, outcome: 'lost' });
    await alive.finish();
    await dead.finish();
  });

  it('a streaming message with no live turn at all (an older version) is settled', async () => {
    const conversationId = await newConversation();
    await insertMessage(db, { conversationId, role: 'assistant', status: 'streaming' });
    expect(await settleLostGenerations(db, { conversationId })).toBe(1);
  });
});
