// The app as deployed on Vercel or beside a PostgreSQL server: VERCEL=1 with DATABASE_URL and
// SESSION_SECRET, nothing written to local disk, and a health route that follows the database.
// Needs DATABASE_URL (an admin URL; .ci/run passes its private server): a database is created
// for this file and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '@/lib/server/http/health';
import { Client, readChat } from '../integration/client';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { TEST_DIST_DIR } from '../support/env';
import { prepareStandalone } from '../support/standalone.mjs';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const adminUrl = process.env.DATABASE_URL?.trim();
if (!adminUrl) {
  throw new Error(
    'e2e/postgres needs DATABASE_URL (a PostgreSQL admin URL): `bash .ci/start-postgres.sh` prints one',
  );
}

const name = `parley_deploy_${randomBytes(6).toString('hex')}`;
let admin: postgres.Sql;
let proxy: TcpProxy;
let mock: MockUpstream;
let app: AppServer;
let scratch: string;
let pgliteDir: string;

const health = async () => {
  const res = await fetch(`${app.url}/api/health`);
  return { status: res.status, body: (await res.json()) as HealthReport };
};

beforeAll(async () => {
  admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(adminUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(adminUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${name}`;
  mock = await startMockUpstream();
  scratch = await mkdtemp(join(tmpdir(), 'parley-no-disk-'));
  // Would be the embedded database's folder; with DATABASE_URL nothing may create it.
  pgliteDir = join(scratch, 'pglite');
  app = await startApp({
    env: {
      VERCEL: '1',
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString('base64'),
      PGLITE_DIR: pgliteDir,
      DATABASE_POOL_MAX: '2',
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await mock?.close();
  await proxy?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await admin?.unsafe(`drop database if exists "${name}" with (force)`);
  await admin?.end({ timeout: 5 });
});

describe('on PostgreSQL, as on Vercel', () => {
  it('chats and migrates the database, writing nothing to local disk', async () => {
    const client = new Client(app.url);
    const content = `[[mock:echo]] pooled ${randomBytes(4).toString('hex')}`;
    const run = await readChat(await client.postChat({ content }));
    expect(run.answer?.status).toBe('complete');
    const direct = new URL(adminUrl);
    direct.pathname = `/${name}`;
    const db = postgres(direct.toString(), { max: 1, onnotice: () => {} });
    try {
      const rows = await db<{ role: string; status: string }[]>`
        select role, status from messages
        where conversation_id = ${run.start.conversationId} order by seq`;
      expect(rows).toEqual([
        { role: 'user', status: 'complete' },
        { role: 'assistant', status: 'complete' },
      ]);
    } finally {
      await db.end({ timeout: 5 });
    }

    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.database).toMatchObject({ driver: 'postgres', reachable: true, migrated: true });

    expect(existsSync(pgliteDir)).toBe(false);
    // The server's working directory: the default PGlite folder would be .data here.
    expect(existsSync(join(dirname(prepareStandalone(TEST_DIST_DIR)), '.data'))).toBe(false);
  });

  // The pool; a LISTEN session for Stop notifications (lib/server/db/client.ts) is apart from it.
  it('opens at most DATABASE_POOL_MAX connections however many requests arrive', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => health()));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const [row] = await admin<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = ${name} and query not ilike 'listen%' and query not ilike 'unlisten%'`;
    expect(row?.n).toBeGreaterThanOrEqual(1);
    expect(row?.n).toBeLessThanOrEqual(2);
  });

  it('answers 503 while the database is down and 200 once it is back', async () => {
    expect((await health()).status).toBe(200);
    await proxy.cut();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body.database).toEqual({ driver: 'postgres', reachable: false, migrated: false });

    await proxy.restore();
    const back = await health();
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('ok');
  });
});
