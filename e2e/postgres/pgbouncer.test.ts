// Behind PgBouncer in transaction mode (as behind Neon's pooled URL): migrations from several
// instances at once, and a production server that chats, lists and reports health.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPage } from '@/lib/chat/api-types';
import { defaultMigrationsFolder, migratePostgres } from '@/lib/server/db/migrate';
import { Client, readChat } from '../integration/client';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { startApp } from '../support/app-server';
import { type PgBouncer, startPgBouncer } from '../support/pgbouncer';

const adminUrl = process.env.DATABASE_URL?.trim();
if (!adminUrl) {
  throw new Error('e2e/postgres needs DATABASE_URL: `bash .ci/start-postgres.sh` prints one');
}

const folder = defaultMigrationsFolder();
const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};
const names = [0, 1].map(() => `parley_pgb_${randomBytes(6).toString('hex')}`);
let admin: postgres.Sql;
let bouncer: PgBouncer;
let mock: MockUpstream;

beforeAll(async () => {
  admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  for (const name of names) await admin.unsafe(`create database "${name}"`);
  bouncer = await startPgBouncer(adminUrl);
  mock = await startMockUpstream();
});

afterAll(async () => {
  await mock?.close();
  await bouncer?.stop();
  for (const name of names) await admin?.unsafe(`drop database if exists "${name}" with (force)`);
  await admin?.end({ timeout: 5 });
});

describe('behind PgBouncer in transaction mode', () => {
  it('applies the migrations once when six instances start together', async () => {
    const url = bouncer.url(names[0] as string);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => migratePostgres(url, folder)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const db = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
    try {
      const rows = await db<{ created_at: string }[]>`
        select created_at from drizzle.__drizzle_migrations order by id`;
      expect(rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
    } finally {
      await db.end({ timeout: 5 });
    }
  });

  it('serves chat, history and health through the pooler', async () => {
    const app = await startApp({
      env: {
        DATABASE_URL: bouncer.url(names[1] as string),
        // A local PgBouncer's URL does not look like a pooler's: say so, as its README asks.
        DATABASE_LISTEN: 'off',
        SESSION_SECRET: randomBytes(32).toString('base64'),
        OPENAI_BASE_URL: mock.url,
        CHAT_MODEL: 'mock-model',
      },
    });
    try {
      const client = new Client(app.url);
      const first = await readChat(await client.postChat({ content: '[[mock:echo]] one' }));
      expect(first.answer?.status).toBe('complete');
      const conversationId = first.start.conversationId;
      // The same statements again, on whichever server connection the pooler hands out.
      const second = await readChat(
        await client.postChat({ content: '[[mock:echo]] two', conversationId }),
      );
      expect(second.answer?.content).toBe('two');
      const { status, body } = await client.json<ConversationPage>('/api/conversations');
      expect(status).toBe(200);
      expect(body.items.map((c) => c.id)).toEqual([conversationId]);
      const health = await fetch(`${app.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
