import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import { startMockUpstream, type MockUpstream } from '../mock-upstream/server';
import { startApp } from '../support/app-server';
import { Client, eventually, readChat } from './client';

let mock: MockUpstream;
let dataDir: string | undefined;
let testDb: TestDatabase | undefined;
// Test servers never inherit DATABASE_URL (see APP_CONFIG_VARS): both processes are given the
// same database explicitly, or each would open a PGlite folder of its own.
let database: Record<string, string>;

beforeAll(async () => {
  mock = await startMockUpstream();
  if (process.env.DATABASE_URL) {
    testDb = await createTestDatabase();
    if (testDb.options.driver !== 'postgres') throw new Error('DATABASE_URL is not PostgreSQL');
    database = { DATABASE_URL: testDb.options.url };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'parley-crash-'));
    database = { PGLITE_DIR: dataDir };
  }
});
afterAll(async () => {
  await mock?.close();
  await testDb?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('settles an answer left streaming by a crashed process as interrupted once its lease expired', {
  timeout: 90_000,
}, async () => {
  const env = {
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    LIVE_LEASE_MS: '2000',
    ...database,
  };
  const first = await startApp({ env });
  const client = new Client(first.url);
  const run = await readChat(await client.postChat({ content: '[[mock:stall after=2]]' }), (m) =>
    m.event === 'start' ? 'stop-reading' : undefined,
  );
  await mock.waitForRequest((r) => JSON.stringify(r.body).includes('mock:stall'), 5_000);
  // The partial answer is saved while it streams.
  await eventually(
    () => client.json<ConversationDetail>(`/api/conversations/${run.start.conversationId}`),
    ({ body }) => body.messages[1]?.content === 'tok1 tok2',
  );
  await first.stop({ signal: 'SIGKILL' });

  const second = await startApp({ env });
  try {
    const again = new Client(second.url);
    again.cookie = client.cookie;
    // The second process may start before the lease runs out: until then the answer is still
    // someone's live answer. The first look after it expired settles it, keeping the partial text.
    const { status, body } = await eventually(
      () => again.json<ConversationDetail>(`/api/conversations/${run.start.conversationId}`),
      ({ body }) => body.messages[1]?.status !== 'streaming',
    );
    expect(status).toBe(200);
    expect(body.messages[1]?.content).toBe('tok1 tok2');
    expect(body.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'interrupted'],
    ]);
  } finally {
    await second.stop();
  }
});
