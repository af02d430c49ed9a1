// The fault matrix (README "Reliability"): faults around an answer, each checked from the outside
// against production servers: what the reader saw before the fault is what is saved after it,
// to within one log flush (250 ms). Runs on PGlite in `npm test`; with DATABASE_URL (and PG_BASE
// from .ci/start-postgres.sh, to stop and start that server) the database faults and the second
// instance join in (`.ci/run`, step "fault matrix on PostgreSQL").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { pgControl } from '../support/pg-control';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { Client, eventually } from './client';
import { type Watch, watchChat } from './watch-chat';

const RATE = 40; // tokens per second, as a fast model streams
// One log flush (250 ms) of tokens, plus the log write in flight (on a busy machine with PGlite,
// which shares the server's thread, that write alone took up to 200 ms) and the 40 ms pacing window.
const FLUSH_TOKENS = Math.ceil((RATE * 500) / 1000);
// How far ahead of the progress copy the reader is when the server is killed (800 ms): more
// than the matrix allows, so a settle from that copy alone fails it.
const AHEAD = Math.ceil((RATE * 800) / 1000);
const onPostgres = !!process.env.DATABASE_URL;
const pg = onPostgres ? pgControl() : null;
// Long enough to outlive a 3 s database outage (heartbeats renew it every quarter).
const LEASE_MS = onPostgres ? 8_000 : 2_000;
const IDLE_MS = 1_500;

let mock: MockUpstream;
let proxy: TcpProxy;
let testDb: TestDatabase | undefined;
let dataDir: string | undefined;
let env: Record<string, string>;
let a: AppServer;
let b: AppServer | undefined;
let client: Client;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const words = (text: string) => text.split(' ').filter(Boolean);
const detail = (c: Client, id: string) => c.json<ConversationDetail>(`/api/conversations/${id}`);

/** What is saved after the fault holds what the reader saw, less at most one log flush. */
function expectKept(saved: string, seen: string) {
  const [short, long] = saved.length <= seen.length ? [saved, seen] : [seen, saved];
  expect(
    long.startsWith(short),
    `saved ${JSON.stringify(saved.slice(-40))} / seen ${JSON.stringify(seen.slice(-40))}`,
  ).toBe(true);
  const lost = words(seen).length - words(saved).length;
  console.log(`fault matrix: seen ${words(seen).length} tokens, kept ${words(saved).length}`);
  expect(
    lost,
    `seen ${words(seen).length} tokens, kept ${words(saved).length}`,
  ).toBeLessThanOrEqual(FLUSH_TOKENS);
}

/**
 * Kills `server` mid-answer at the moment a crash costs the most when only the progress copy
 * (saved every 5 s) counts: the reader is well ahead of that copy (as a fresh look at it,
 * quick enough to still be true, shows). Returns what the reader had seen.
 */
async function crashMidAnswer(
  server: AppServer,
  writer: Client,
  reader: Client,
): Promise<{ seen: string; conversationId: string }> {
  const watch = await watchChat(
    await writer.postChat({ content: `[[mock:text tokens=2000 rate=${RATE}]] crash` }),
  );
  const { conversationId } = await watch.started;
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const asked = Date.now();
    const copy = (await detail(reader, conversationId)).body.messages[1]?.content ?? '';
    const seen = watch.text;
    if (copy && Date.now() - asked < 200 && words(seen).length - words(copy).length >= AHEAD) {
      await server.stop({ signal: 'SIGKILL' });
      await watch.closed;
      return { seen, conversationId };
    }
    await sleep(50);
  }
  throw new Error('the reader never got well ahead of the progress copy');
}

/** After a crash: the answer is settled as interrupted, once the lease ran out. */
async function settledAfterCrash(reader: Client, conversationId: string) {
  const { body } = await eventually(
    () => detail(reader, conversationId),
    ({ body }) => body.messages[1]?.status !== 'streaming',
    LEASE_MS * 4,
  );
  expect(body.messages[1]).toMatchObject({
    status: 'interrupted',
    error: { code: 'server_stopped' },
  });
  return body.messages[1]?.content ?? '';
}

async function runToEnd(content: string, c = client): Promise<Watch> {
  const watch = await watchChat(await c.postChat({ content }));
  await watch.closed;
  return watch;
}

beforeAll(async () => {
  mock = await startMockUpstream();
  // Between the app and the provider, so "refusing connections" can be a closed port.
  proxy = await startTcpProxy({ host: '127.0.0.1', port: mock.port });
  env = {
    OPENAI_BASE_URL: `http://127.0.0.1:${proxy.port}/v1`,
    CHAT_MODEL: 'mock-model',
    LIVE_LEASE_MS: String(LEASE_MS),
    UPSTREAM_IDLE_TIMEOUT_MS: String(IDLE_MS),
  };
  if (onPostgres) {
    testDb = await createTestDatabase();
    if (testDb.options.driver !== 'postgres') throw new Error('DATABASE_URL is not PostgreSQL');
    env.DATABASE_URL = testDb.options.url;
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'parley-faults-'));
    env.PGLITE_DIR = dataDir;
  }
  a = await startApp({ env });
  if (onPostgres) b = await startApp({ env });
  client = new Client(a.url);
  await client.fetch('/api/conversations');
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await proxy?.close();
  await mock?.close();
  await testDb?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe(`fault matrix (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  it('the reader leaves mid-answer: the answer is written to its end and saved whole', async () => {
    const watch = await watchChat(
      await client.postChat({ content: `[[mock:text tokens=60 rate=${RATE}]] leave` }),
    );
    const { conversationId } = await watch.started;
    await watch.until((text) => words(text).length >= 20);
    const seen = watch.text;
    await watch.cancel();
    const { body } = await eventually(
      () => detail(client, conversationId),
      ({ body }) => body.messages[1]?.status !== 'streaming',
    );
    expect(body.messages[1]?.status).toBe('complete');
    expect(words(body.messages[1]?.content ?? '')).toHaveLength(60);
    expect(body.messages[1]?.content.startsWith(seen)).toBe(true);
  });

  it('the provider stalls mid-answer: cut after the idle timeout as stalled, every token kept', async () => {
    const watch = await runToEnd(`[[mock:stall after=20 rate=${RATE}]] stall`);
    expect(watch.errors.map((e) => e.code)).toEqual(['upstream_timeout']);
    const { body } = await detail(client, (await watch.started).conversationId);
    expect(body.messages[1]).toMatchObject({
      status: 'error',
      content: watch.text,
      error: { code: 'upstream_timeout' },
    });
    expect(words(watch.text)).toHaveLength(20);
  });

  it('the provider answers 200 with a web page: an error that says to check the base URL', async () => {
    const watch = await runToEnd('[[mock:page type=html]] page');
    const { body } = await detail(client, (await watch.started).conversationId);
    expect(body.messages[1]).toMatchObject({
      status: 'error',
      content: '',
      error: { code: 'not_a_stream', retryable: false },
    });
    expect(body.messages[1]?.error?.message).toContain(
      'answered with a web page instead of a chat stream: check that the base URL points at the API, usually ending in /v1',
    );
    expect(watch.errors).toEqual([body.messages[1]?.error]);
  });

  it('the provider closes the connection before any byte: an error, nothing invented', async () => {
    const watch = await runToEnd('[[mock:hangup]] hangup');
    const { body } = await detail(client, (await watch.started).conversationId);
    expect(body.messages[1]).toMatchObject({ status: 'error', content: '' });
    expect(body.messages[1]?.error?.message).toMatch(/AI provider/);
    expect(watch.errors).toEqual([body.messages[1]?.error]);
  });

  it('the provider refuses connections: an error that says it could not be reached', async () => {
    await proxy.cut();
    try {
      const watch = await runToEnd('refused');
      const { body } = await detail(client, (await watch.started).conversationId);
      expect(body.messages[1]).toMatchObject({
        status: 'error',
        content: '',
        error: { code: 'upstream_unreachable', retryable: true },
      });
      expect(watch.errors).toEqual([body.messages[1]?.error]);
    } finally {
      await proxy.restore();
    }
  });

  it('the server is SIGKILLed mid-answer and restarted: the answer keeps what the reader saw', async () => {
    const { seen, conversationId } = await crashMidAnswer(a, client, client);
    a = await startApp({ env });
    const again = new Client(a.url);
    again.cookie = client.cookie;
    client = again;
    expectKept(await settledAfterCrash(client, conversationId), seen);
    // And the server answers again.
    expect((await runToEnd('after the crash')).text).toBe('Hello from the mock upstream.');
  });

  describe.skipIf(!onPostgres)('PostgreSQL', () => {
    // Needs PG_BASE: the server this test may stop and start.
    it.skipIf(!pg)(
      'PostgreSQL restarted while idle: the next message is answered and saved',
      async () => {
        const before = await runToEnd('before the restart');
        const earlierId = (await before.started).conversationId;
        // Idle: the conversation's title, written after the answer, is saved too.
        await eventually(
          () => detail(client, earlierId),
          ({ body }) => !!body.conversation?.title.startsWith('Hello'),
        );
        await pg?.restart();
        const after = await runToEnd('after the restart');
        expect(after.errors).toEqual([]);
        const { status, body } = await detail(client, (await after.started).conversationId);
        expect([status, body.messages?.map((m) => m.status)]).toEqual([
          200,
          ['complete', 'complete'],
        ]);
        expect(body.messages[1]?.content).toBe(after.text);
        const earlier = await detail(client, earlierId);
        expect(earlier.body.messages[1]?.content).toBe(before.text);
      },
    );

    // Needs PG_BASE: the server this test may stop and start.
    it.skipIf(!pg)(
      'PostgreSQL down when a message is sent: refused in words, nothing half-saved, then it works',
      async () => {
        const { items } = (await client.json<{ items: { id: string }[] }>('/api/conversations'))
          .body;
        await pg?.stop();
        let refused: Response;
        try {
          refused = await client.postChat({ content: 'while the database is down' });
        } finally {
          await pg?.start();
        }
        expect(refused.status).toBeGreaterThanOrEqual(500);
        const said = (await refused.json()) as { error?: { message?: string } };
        expect(said.error?.message).toMatch(/\w+ \w+/);
        const now = await eventually(
          () => client.json<{ items: { id: string }[] }>('/api/conversations'),
          ({ status }) => status === 200,
        );
        expect(now.body.items.map((c) => c.id)).toEqual(items.map((c) => c.id));
        expect((await runToEnd('the database is back')).text).toBe('Hello from the mock upstream.');
      },
    );

    // Needs PG_BASE: the server this test may stop and start.
    it.skipIf(!pg)(
      'PostgreSQL down 3 s mid-answer: the answer streams on and is saved whole',
      async () => {
        const watch = await watchChat(
          await client.postChat({ content: `[[mock:text tokens=240 rate=${RATE}]] outage` }),
        );
        const { conversationId } = await watch.started;
        await watch.until((text) => words(text).length >= 40);
        await pg?.stop();
        await sleep(3_000);
        await pg?.start();
        await watch.closed;
        expect(watch.errors).toEqual([]);
        expect(words(watch.text)).toHaveLength(240);
        const { body } = await eventually(
          () => detail(client, conversationId),
          ({ status, body }) => status === 200 && body.messages[1]?.status !== 'streaming',
        );
        expect(body.messages[1]).toMatchObject({ status: 'complete', content: watch.text });
      },
    );

    it('one of two instances is SIGKILLed mid-answer: the other settles it with what was seen', async () => {
      if (!b) throw new Error('no second instance');
      const onB = new Client(b.url);
      onB.cookie = client.cookie;
      const { seen, conversationId } = await crashMidAnswer(a, client, onB);
      expectKept(await settledAfterCrash(onB, conversationId), seen);
    });
  });
});
