// The allow-list holds at every request, on every instance: two production servers on one real
// PostgreSQL; B restarts with an ALLOWED_EMAILS that no longer names a user, and that user's
// sessions (opened on A and on B) are signed out at their next request there, with a sentence
// saying so; their conversations are kept for when the address is listed again. Needs
// DATABASE_URL (`npm run test:instances`, as `.ci/run` does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type SmtpCatcher, startSmtpCatcher } from '../smtp-catcher/server';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';

let mock: MockUpstream;
let smtp: SmtpCatcher;
let testDb: TestDatabase;
let a: AppServer;
let b: AppServer;
let databaseUrl = '';

const BOTH = 'ana@example.com,bo@example.com';
const start = (allowed: string, port?: number) =>
  startApp({
    port,
    env: {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      DATABASE_URL: databaseUrl,
      ALLOWED_EMAILS: allowed,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'parley@example.com',
    },
  });

describe.skipIf(!process.env.DATABASE_URL)('the allow-list on two instances', () => {
  beforeAll(async () => {
    mock = await startMockUpstream();
    smtp = await startSmtpCatcher();
    testDb = await createTestDatabase();
    if (testDb.options.driver !== 'postgres') throw new Error('needs DATABASE_URL');
    databaseUrl = testDb.options.url;
    a = await start(BOTH);
    b = await start(BOTH);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await mock?.close();
    await testDb?.destroy();
  });

  const post = (client: Client, path: string, body: unknown) =>
    client.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** The same browser (its cookies), its next request landing on B. */
  const onB = (client: Client) => {
    const moved = new Client(b.url);
    moved.cookie = client.cookie;
    for (const [name, value] of client.otherCookies) moved.otherCookies.set(name, value);
    return moved;
  };

  it('removing an address signs its sessions out on their next request, in words; data is kept', async () => {
    const email = 'ana@example.com';
    const password = 'correct horse battery';
    const first = new Client(a.url);
    expect((await post(first, '/api/account/sign-up', { email, password })).status).toBe(202);
    const mail = await smtp.waitFor(email);
    const link = (mail.links[0] ?? '').replace(/^http:\/\/[^/]+/, '');
    expect((await first.fetch(link, { redirect: 'manual' })).status).toBe(302);
    const run = await readChat(await first.postChat({ content: '[[mock:text tokens=2]] keep me' }));
    const id = run.start.conversationId;
    const second = new Client(b.url);
    expect((await post(second, '/api/account/sign-in', { email, password })).status).toBe(200);
    expect((await second.postChat({ content: '[[mock:text tokens=1]] on B' })).status).toBe(200);
    const third = new Client(a.url);
    expect((await post(third, '/api/account/sign-in', { email, password })).status).toBe(200);

    // Same port: the browsers keep talking to "B".
    await b.stop();
    b = await start('bo@example.com', b.port);

    // The browser signed in on B: its next request there is refused and signed out, in words.
    const refused = await second.postChat({ content: '[[mock:text tokens=1]] still me?' });
    expect(refused.status).toBe(401);
    const error = ((await refused.json()) as { error: { message: string } }).error;
    expect(error.message).toMatch(/You have been signed out: ana@example.com is no longer on/);
    const after = await second.json<{ account: unknown }>('/api/account');
    expect(after.body.account).toBeNull();
    // The browser signed in on A, its next request landing on B: signed out, told why.
    const firstOnB = onB(first);
    const status = await firstOnB.json<{ account: unknown; notice: string | null }>('/api/account');
    expect(status.body.account).toBeNull();
    expect(status.body.notice).toMatch(/no longer on this Parley's list/);
    // A page load lands on the sign-in page, which signs it out and says why.
    const thirdOnB = onB(third);
    const page = await (await thirdOnB.fetch('/sign-in')).text();
    expect(page).toContain('You have been signed out: ana@example.com is no longer on');
    expect((await thirdOnB.json<{ account: unknown }>('/api/account')).body.account).toBeNull();
    // Signing in again on B is refused too.
    const again = await post(new Client(b.url), '/api/account/sign-in', { email, password });
    expect(again.status).toBe(403);

    // Listed again: the conversations are still there.
    await b.stop();
    b = await start(BOTH, b.port);
    const back = new Client(b.url);
    expect((await post(back, '/api/account/sign-in', { email, password })).status).toBe(200);
    const list = await back.json<{ items: { id: string }[] }>('/api/conversations');
    expect(list.body.items.map((c) => c.id)).toContain(id);
  });
});
