// A new conversation's model is asked while its first turn is still being saved
// (lib/server/chat/head-start.ts). A lock held on `conversations` from another connection keeps
// the app's insert waiting for as long as a test likes, which only a real PostgreSQL can show:
// needs DATABASE_URL (`.ci/run` runs this file in its PostgreSQL pass).
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';

let mock: MockUpstream;
let testDb: TestDatabase;
let app: AppServer;
let sql: postgres.Sql;

const tokens = (n: number) =>
  Array.from({ length: n }, (_, i) => (i ? ` tok${i + 1}` : 'tok1')).join('');

/** Holds a lock that makes every insert into `table` wait until `release()`. */
async function blockInserts(table: 'conversations' | 'messages') {
  const holder = await sql.reserve();
  await holder`begin`;
  await holder.unsafe(`lock table ${table} in share mode`);
  const [row] = await holder<{ pid: number }[]>`select pg_backend_pid() as pid`;
  const pid = row?.pid ?? 0;
  return {
    pid,
    /** The app's statements waiting on this lock. */
    waiting: () =>
      sql<
        { pid: number }[]
      >`select pid from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`,
    release: async () => {
      await holder`commit`;
      holder.release();
    },
  };
}

/** The answer streams whole, and the model was asked once: the turn took the early call. */
async function expectAnsweredOnce(
  response: Promise<Response> | undefined,
  marker: string,
  n: number,
) {
  const run = await readChat(await (response as Promise<Response>));
  expect(run.answer).toMatchObject({ status: 'complete', content: tokens(n) });
  const sent = mock.requests().filter((r) => JSON.stringify(r.body).includes(marker));
  expect(sent.map((r) => [r.aborted, r.finished])).toEqual([[false, true]]);
}

const conversationsCount = async () =>
  Number((await sql<{ n: string }[]>`select count(*) as n from conversations`)[0]?.n);

describe.skipIf(!process.env.DATABASE_URL)(
  'the first turn asks the model while it is saved',
  () => {
    beforeAll(async () => {
      mock = await startMockUpstream();
      testDb = await createTestDatabase();
      if (testDb.options.driver !== 'postgres') throw new Error('needs DATABASE_URL');
      sql = postgres(testDb.options.url, { max: 3, onnotice: () => {} });
      app = await startApp({
        env: {
          OPENAI_BASE_URL: mock.url,
          CHAT_MODEL: 'mock-model',
          DATABASE_URL: testDb.options.url,
        },
      });
    });
    afterAll(async () => {
      await app?.stop();
      await sql?.end({ timeout: 5 });
      await mock?.close();
      await testDb?.destroy();
    });

    it('sends the request upstream before the conversation is saved, once, and streams it whole', async () => {
      const client = new Client(app.url);
      await client.fetch('/api/conversations');
      const before = await conversationsCount();
      const marker = `[[mock:text tokens=6]] early ${randomUUID()}`;
      const lock = await blockInserts('conversations');
      let response: Promise<Response> | undefined;
      try {
        // Settings and a tool: the request sent early must be the one the turn builds, or it
        // would be asked twice (the head start cancelled, then the real call).
        response = client.postChat({
          content: marker,
          settings: { systemPrompt: 'Answer briefly.', temperature: 0.4 },
          tools: ['calculate'],
        });
        // The model has the question while the insert still waits on the lock.
        const asked = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));
        expect(asked.body).toMatchObject({
          stream: true,
          stream_options: { include_usage: true },
          temperature: 0.4,
          tools: [{ type: 'function', function: { name: 'calculate' } }],
          messages: [
            { role: 'system', content: expect.stringContaining('Answer briefly.') },
            { role: 'user', content: marker },
          ],
        });
        // The app's insert reaches the server and waits on the lock (it may still be on its way).
        await expect.poll(async () => (await lock.waiting()).length).toBe(1);
        expect(await conversationsCount()).toBe(before);
      } finally {
        await lock.release();
      }
      await expectAnsweredOnce(response, marker, 6);
      expect(await conversationsCount()).toBe(before + 1);
    });

    it('asks for a new message in a conversation before the message is saved, with its history', async () => {
      const client = new Client(app.url);
      const first = await readChat(
        await client.postChat({ content: '[[mock:text tokens=2]] one' }),
      );
      const conversationId = first.start.conversationId;
      const messagesCount = async () =>
        Number(
          (
            await sql<{ n: string }[]>`select count(*) as n from messages
          where conversation_id = ${conversationId}`
          )[0]?.n,
        );
      const marker = `[[mock:text tokens=4]] two ${randomUUID()}`;
      const lock = await blockInserts('messages');
      let response: Promise<Response> | undefined;
      try {
        response = client.postChat({ conversationId, content: marker });
        const asked = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));
        expect((asked.body as { messages: unknown[] }).messages).toEqual([
          { role: 'user', content: '[[mock:text tokens=2]] one' },
          { role: 'assistant', content: 'tok1 tok2' },
          { role: 'user', content: marker },
        ]);
        // The app's insert reaches the server and waits on the lock (it may still be on its way).
        await expect.poll(async () => (await lock.waiting()).length).toBe(1);
        expect(await messagesCount()).toBe(2);
      } finally {
        await lock.release();
      }
      await expectAnsweredOnce(response, marker, 4);
      expect(await messagesCount()).toBe(4);
    });

    it('cancels the request it sent when the first turn cannot be saved, and leaves nothing behind', async () => {
      const client = new Client(app.url);
      await client.fetch('/api/conversations');
      const before = await conversationsCount();
      const marker = `[[mock:text tokens=400 rate=20]] doomed ${randomUUID()}`;
      const lock = await blockInserts('conversations');
      let res: Response | undefined;
      try {
        const response = client.postChat({ content: marker });
        const asked = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker));
        // The save fails: its connection is ended while it waits.
        await expect.poll(async () => (await lock.waiting()).length).toBe(1);
        const [waiting] = await lock.waiting();
        await sql`select pg_terminate_backend(${waiting?.pid ?? 0})`;
        res = await response;
        expect((await mock.waitForAborted(asked.seq)).aborted).toBe(true);
      } finally {
        await lock.release();
      }
      expect(res?.status).toBe(500);
      expect(await conversationsCount()).toBe(before);
      // The app goes on: the next new conversation is saved and answered.
      const next = await readChat(
        await client.postChat({ content: '[[mock:text tokens=3]] next' }),
      );
      expect(next.answer).toMatchObject({ status: 'complete', content: tokens(3) });
    });
  },
);
