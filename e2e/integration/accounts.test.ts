// Accounts over real HTTP (better-auth behind Parley's route guard): a guest's conversations move
// into the account it creates; another browser signing in sees them and their links; "sign out
// everywhere" ends the other browser's session at its next request; wrong passwords are limited
// in the database; deleting the account deletes its conversations and revokes its links; chat
// limits differ for guests and accounts; ALLOW_GUESTS=false asks for an account before chatting.
// This server sends no mail and has no ALLOWED_EMAILS: accounts work unverified, without reset.
// Verification, reset, the allow-list and sign-up that tells nothing: verified-accounts.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';
import { createShare } from './share-support';

const WRONG_PER_IP = 3;

const mock = withMockUpstream();
const app = withApp(() => ({
  env: {
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    RATE_LIMIT_SIGN_IN_PER_IP: String(WRONG_PER_IP),
    // Addresses come from X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: 'true',
    RATE_LIMIT_CHAT_PER_USER: '2',
    RATE_LIMIT_CHAT_PER_ACCOUNT: '4',
  },
}));

beforeAll(async () => {
  // A new embedded database migrates on its first use: here, not in the first test's time.
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const address = () => `10.1.0.${++n}`;

function post(client: Client, path: string, body: unknown, ip = '10.9.9.9') {
  return client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

async function account(client: Client) {
  return (await client.json<{ account: { email: string } | null }>('/api/account')).body.account;
}

async function conversationIds(client: Client): Promise<string[]> {
  const { body } = await client.json<{ items: { id: string }[] }>('/api/conversations');
  return body.items.map((c) => c.id);
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe('accounts', () => {
  it('a guest signs up and keeps its conversation; another browser signs in and sees it; sign out everywhere ends the first session', async () => {
    const email = `ana-${unique()}@example.com`;
    const password = 'correct horse battery';
    const first = new Client(app.url);
    const run = await readChat(await first.postChat({ content: '[[mock:text tokens=2]] mine' }));
    const id = run.start.conversationId;
    const share = await createShare(first, id);
    expect(share.status).toBe(201);

    const signedUp = await post(first, '/api/account/sign-up', { email, password });
    expect(signedUp.status, await signedUp.clone().text()).toBe(201);
    expect((await account(first))?.email).toBe(email);
    expect(await conversationIds(first)).toEqual([id]);

    const second = new Client(app.url);
    expect(await conversationIds(second)).toEqual([]);
    const signedIn = await post(second, '/api/account/sign-in', { email, password }, address());
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(await conversationIds(second)).toEqual([id]);
    const shares = await second.json<{ items: { id: string }[] }>('/api/shares');
    expect(shares.body.items.map((s) => s.id)).toEqual([share.body.share.id]);
    // Signing in again (the guest is already merged) duplicates nothing.
    await post(first, '/api/account/sign-in', { email, password }, address());
    expect(await conversationIds(first)).toEqual([id]);

    const everywhere = await post(second, '/api/account/sign-out', { everywhere: true });
    expect(everywhere.status).toBe(200);
    expect(await account(second)).toBeNull();
    // The first browser still holds its cookie, but the session behind it is gone.
    expect(first.otherCookies.size).toBeGreaterThan(0);
    expect(await account(first)).toBeNull();
    expect(await conversationIds(first)).toEqual([]);
    const denied = await first.fetch(`/api/conversations/${id}`);
    expect(denied.status).toBe(404);
  });

  it('without mail: refuses a taken email (no mail could say it) and a short password, in words; offers no reset', async () => {
    const email = `bo-${unique()}@example.com`;
    expect(
      (
        await post(new Client(app.url), '/api/account/sign-up', {
          email,
          password: 'long enough pw',
        })
      ).status,
    ).toBe(201);
    const taken = await post(new Client(app.url), '/api/account/sign-up', {
      email,
      password: 'another long pw',
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toMatch(/already exists/);
    const short = await post(new Client(app.url), '/api/account/sign-up', {
      email: `c-${unique()}@example.com`,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toMatch(/at least 8 characters/);
    const forgot = await post(new Client(app.url), '/api/account/password/forgot', { email });
    expect(forgot.status).toBe(404);
    expect((await errorOf(forgot)).message).toMatch(/Password reset needs e-mail/);
    const options = await new Client(app.url).json<{ passwordReset: boolean }>('/api/account');
    expect(options.body.passwordReset).toBe(false);
  });

  it('limits wrong passwords in the database, then refuses even the right one', async () => {
    const email = `cy-${unique()}@example.com`;
    const password = 'the right password';
    expect(
      (await post(new Client(app.url), '/api/account/sign-up', { email, password })).status,
    ).toBe(201);
    const ip = address();
    for (let i = 0; i < WRONG_PER_IP; i++) {
      const wrong = await post(
        new Client(app.url),
        '/api/account/sign-in',
        { email, password: `wrong ${i}` },
        ip,
      );
      expect(wrong.status).toBe(401);
      expect((await errorOf(wrong)).message).toBe('Wrong email or password.');
    }
    const limited = await post(
      new Client(app.url),
      '/api/account/sign-in',
      { email, password },
      ip,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(limited)).message).toMatch(/Too many wrong passwords/);
    // Counted per email and address together: the owner, elsewhere, is not locked out.
    const elsewhere = await post(
      new Client(app.url),
      '/api/account/sign-in',
      { email, password },
      address(),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('ten wrong passwords from other addresses do not stop the owner signing in', async () => {
    const email = `own-${unique()}@example.com`;
    const password = 'the owner knows it';
    const home = address();
    expect(
      (await post(new Client(app.url), '/api/account/sign-up', { email, password }, home)).status,
    ).toBe(201);
    for (let i = 0; i < 10; i++) {
      const wrong = await post(
        new Client(app.url),
        '/api/account/sign-in',
        { email, password: `guess ${i}` },
        address(),
      );
      expect(wrong.status).toBe(401);
    }
    // One stranger's address used up its attempts at this account: only that address waits.
    const stranger = address();
    for (let i = 0; i < WRONG_PER_IP; i++) {
      await post(new Client(app.url), '/api/account/sign-in', { email, password: 'x' }, stranger);
    }
    const waiting = await post(
      new Client(app.url),
      '/api/account/sign-in',
      { email, password },
      stranger,
    );
    expect(waiting.status).toBe(429);
    const owner = new Client(app.url);
    const signedIn = await post(owner, '/api/account/sign-in', { email, password }, home);
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect((await account(owner))?.email).toBe(email);
  });

  it('an address that tries passwords on many accounts is stopped at ten times the limit', async () => {
    const ip = address();
    for (let i = 0; i < WRONG_PER_IP * 10; i++) {
      const wrong = await post(
        new Client(app.url),
        '/api/account/sign-in',
        { email: `nobody-${i}-${unique()}@example.com`, password: 'guess' },
        ip,
      );
      expect(wrong.status).toBe(401);
    }
    const stopped = await post(
      new Client(app.url),
      '/api/account/sign-in',
      { email: `nobody-${unique()}@example.com`, password: 'guess' },
      ip,
    );
    expect(stopped.status).toBe(429);
  });

  it('deleting the account deletes its conversations and revokes its links', async () => {
    const email = `dee-${unique()}@example.com`;
    const password = 'delete me please';
    const client = new Client(app.url);
    expect((await post(client, '/api/account/sign-up', { email, password })).status).toBe(201);
    const run = await readChat(await client.postChat({ content: '[[mock:text tokens=2]] doomed' }));
    const share = await createShare(client, run.start.conversationId);
    const link = `/api/shares/${share.body.share.id}`;
    expect((await fetch(`${app.url}${link}`)).status).toBe(200);
    const deleted = await client.fetch('/api/account', { method: 'DELETE' });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(((await deleted.json()) as { deletedConversations: number }).deletedConversations).toBe(
      1,
    );
    expect((await fetch(`${app.url}${link}`)).status).toBe(404);
    expect(await account(client)).toBeNull();
    const again = await post(
      new Client(app.url),
      '/api/account/sign-in',
      { email, password },
      address(),
    );
    expect(again.status).toBe(401);
    expect((await fetch(`${app.url}/s/${share.body.share.id}`)).status).toBe(404);
  });

  it('guests and accounts have separate chat limits', async () => {
    const send = (client: Client) => client.postChat({ content: '[[mock:text tokens=1]] hi' });
    const guest = new Client(app.url);
    for (let i = 0; i < 2; i++) await readChat(await send(guest));
    expect((await send(guest)).status).toBe(429);
    expect(
      (
        await post(guest, '/api/account/sign-up', {
          email: `lim-${unique()}@example.com`,
          password: 'long enough pw',
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 4; i++) await readChat(await send(guest));
    const over = await send(guest);
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toMatch(/at most 4 a minute/);
  });
});

describe('with ALLOW_GUESTS=false', () => {
  let closed: AppServer;
  beforeAll(async () => {
    closed = await startApp({
      env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', ALLOW_GUESTS: 'false' },
    });
    // A new embedded database migrates on its first use: here, not in the test's time.
    await (await fetch(`${closed.url}/api/account`)).body?.cancel();
  });
  afterAll(async () => {
    await closed?.stop();
  });

  it('asks for an account before chatting, and the upstream receives nothing', async () => {
    const client = new Client(closed.url);
    const before = mock.requests().length;
    const refused = await client.postChat({ content: 'no account yet' });
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toMatch(/Sign in or create an account/);
    expect(mock.requests().length).toBe(before);
    const options = await client.json<{ guestsAllowed: boolean }>('/api/account');
    expect(options.body.guestsAllowed).toBe(false);
    expect(
      (
        await post(client, '/api/account/sign-up', {
          email: `z-${unique()}@example.com`,
          password: 'long enough pw',
        })
      ).status,
    ).toBe(201);
    const run = await readChat(await client.postChat({ content: '[[mock:text tokens=1]] now' }));
    expect(run.done?.messages.at(-1)?.status).toBe('complete');
  });
});
