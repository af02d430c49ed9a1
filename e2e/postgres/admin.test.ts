// The admin page's server side across instances: two production servers on one PostgreSQL,
// seeded with the hand-computed history (e2e/support/seed-usage.ts). The usage is the seed's;
// an answer written on A is in B's live view and B's Stop ends it; an account disabled through A
// is refused in words at its next request on B.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, readChat } from '../integration/client';
import { type AppServer, startApp } from '../support/app-server';
import {
  SEED_PASSWORD,
  SEED_PRICES,
  type SeededUsage,
  seedProvidersEnv,
  seedUsage,
} from '../support/seed-usage';
import { withMockUpstream } from '../support/with-app';

const adminUrl = process.env.DATABASE_URL?.trim();
if (!adminUrl) {
  throw new Error('e2e/postgres needs DATABASE_URL: `bash .ci/start-postgres.sh` prints one');
}

const mock = withMockUpstream();
const name = `parley_admin_${randomBytes(6).toString('hex')}`;
let admin: postgres.Sql;
let a: AppServer;
let b: AppServer;
let seeded: SeededUsage;

beforeAll(async () => {
  admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  seeded = await seedUsage({ databaseUrl: url.toString() });
  const env = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PROVIDERS: seedProvidersEnv(mock.url),
    MODEL_PRICES: SEED_PRICES,
    ADMIN_EMAILS: 'ana@example.com',
  };
  a = await startApp({ env });
  b = await startApp({ env });
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await admin?.unsafe(`drop database if exists "${name}" with (force)`);
  await admin?.end();
});

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Signed in on `server`; `on` moves the same browser (cookies) to another instance. */
async function signIn(server: AppServer, email: string): Promise<Client> {
  const client = new Client(server.url);
  const res = await client.fetch('/api/account/sign-in', {
    method: 'POST',
    ...json({ email, password: SEED_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return client;
}

function on(server: AppServer, from: Client): Client {
  const client = new Client(server.url);
  client.cookie = from.cookie;
  for (const [k, v] of from.otherCookies) client.otherCookies.set(k, v);
  return client;
}

describe('admin across instances on PostgreSQL', () => {
  it('usage: the seed’s totals, from either instance', async () => {
    const ana = await signIn(a, 'ana@example.com');
    const from = seeded.dayOf(29);
    const expected = seeded.expected(from, seeded.today);
    for (const client of [ana, on(b, ana)]) {
      const res = await client.json<{
        users: { kind: string; email: string | null; messages: number; inputTokens: number }[];
        models: { provider: string; model: string; outputTokens: number }[];
      }>(`/api/admin/usage?from=${from}&to=${seeded.today}`);
      expect(res.status).toBe(200);
      const users = (rows: { kind: string; email: string | null; messages: number }[]) =>
        rows.map((u) => `${u.kind} ${u.email} ${u.messages}`).sort();
      expect(users(res.body.users)).toEqual(users(expected.users));
      const models = (rows: { provider: string; model: string; outputTokens: number }[]) =>
        rows.map((m) => `${m.provider} ${m.model} ${m.outputTokens}`).sort();
      expect(models(res.body.models)).toEqual(models(expected.models));
    }
  });

  it('an answer written on A is live on B, and B’s Stop ends it', async () => {
    const ana = on(b, await signIn(a, 'ana@example.com'));
    const guest = new Client(a.url);
    const res = await guest.postChat({ content: '[[mock:pause key=admin-pg after=3]] go' });
    type Live = { id: string; user: { kind: string } };
    let live: Live[] = [];
    for (let i = 0; i < 50 && live.length === 0; i++) {
      live = (await ana.json<{ generations: Live[] }>('/api/admin/live')).body.generations;
      if (live.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(live).toEqual([
      expect.objectContaining({ user: { id: expect.any(String), email: null, kind: 'guest' } }),
    ]);
    expect(
      (await ana.fetch(`/api/admin/live/${live[0]?.id}/stop`, { method: 'POST' })).status,
    ).toBe(204);
    expect((await readChat(res)).answer?.status).toBe('interrupted');
  });

  it('disabled through A: the account’s next request on B is refused in words', async () => {
    const ana = await signIn(a, 'ana@example.com');
    const bo = on(b, await signIn(a, 'bo@example.com'));
    const off = await ana.fetch(`/api/admin/users/${seeded.ids.bo}`, {
      method: 'PATCH',
      ...json({ disabled: true }),
    });
    expect(off.status).toBe(200);
    const refused = await bo.fetch('/api/conversations');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'account_disabled',
        message: 'This account has been disabled by an administrator.',
      },
    });
    const audit = await ana.json<{ entries: { action: string; target: string }[] }>(
      '/api/admin/audit',
    );
    expect(audit.body.entries[0]).toMatchObject({
      action: 'user.disable',
      target: 'bo@example.com',
    });
  });
});
