// Accounts across instances: two production servers on one PostgreSQL, nothing shared but the
// database and SESSION_SECRET. A session made on one is honoured by the other; "sign out
// everywhere" on one ends the session at the other's next request; wrong passwords are counted
// together.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../integration/client';
import { type AppServer, startApp } from '../support/app-server';

const adminUrl = process.env.DATABASE_URL?.trim();
if (!adminUrl) {
  throw new Error('e2e/postgres needs DATABASE_URL: `bash .ci/start-postgres.sh` prints one');
}

const name = `parley_accounts_${randomBytes(6).toString('hex')}`;
let admin: postgres.Sql;
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    RATE_LIMIT_SIGN_IN_PER_IP: '2',
    // Addresses come from X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: 'true',
  };
  a = await startApp({ env });
  b = await startApp({ env });
  await (await fetch(`${a.url}/api/conversations`)).body?.cancel();
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await admin?.unsafe(`drop database if exists "${name}" with (force)`);
  await admin?.end();
});

/** One browser talking to one instance, with the cookies it got from any instance. */
function on(server: AppServer, from?: Client): Client {
  const client = new Client(server.url);
  if (from) {
    client.cookie = from.cookie;
    for (const [k, v] of from.otherCookies) client.otherCookies.set(k, v);
  }
  return client;
}

const post = (client: Client, path: string, body: unknown, ip = '10.2.0.1') =>
  client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

const accountOf = async (client: Client) =>
  (await client.json<{ account: { email: string } | null }>('/api/account')).body.account;

describe('accounts on two instances sharing PostgreSQL', () => {
  it('a session from one instance works on the other; sign out everywhere ends it on both', async () => {
    const email = `multi-${randomBytes(4).toString('hex')}@example.com`;
    const first = on(a);
    expect(
      (await post(first, '/api/account/sign-up', { email, password: 'long enough pw' })).status,
    ).toBe(201);
    const sameBrowserOnB = on(b, first);
    expect((await accountOf(sameBrowserOnB))?.email).toBe(email);

    const second = on(b);
    expect(
      (await post(second, '/api/account/sign-in', { email, password: 'long enough pw' })).status,
    ).toBe(200);
    expect((await post(second, '/api/account/sign-out', { everywhere: true })).status).toBe(200);
    expect(await accountOf(on(a, first))).toBeNull();
    expect(await accountOf(on(b, first))).toBeNull();
  });

  it('counts wrong passwords across instances', async () => {
    const email = `count-${randomBytes(4).toString('hex')}@example.com`;
    await post(on(a), '/api/account/sign-up', { email, password: 'long enough pw' });
    expect(
      (await post(on(a), '/api/account/sign-in', { email, password: 'wrong one' }, '10.2.0.9'))
        .status,
    ).toBe(401);
    expect(
      (await post(on(b), '/api/account/sign-in', { email, password: 'wrong two' }, '10.2.0.9'))
        .status,
    ).toBe(401);
    expect(
      (await post(on(a), '/api/account/sign-in', { email, password: 'long enough pw' }, '10.2.0.9'))
        .status,
    ).toBe(429);
  });
});
