// Account cookies fit the connection: over plain http the session cookie is `parley.…` without
// `Secure` (a browser drops a `Secure` one there); over https (the TLS proxy's
// X-Forwarded-Proto) it is `__Secure-parley.…; Secure`. Never half-succeed: a guest's
// conversations move into the account only at the first request that carries the account's
// cookie, so a browser that dropped it is still the guest, with everything it had.
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { Client, readChat } from './client';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

beforeAll(async () => {
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});

let n = 0;
const credentials = () => ({
  email: `cookie-${Date.now()}-${++n}@example.com`,
  password: 'long enough pw',
});

function post(client: Client, path: string, body: unknown, headers: Record<string, string> = {}) {
  return client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => /session_token=/.test(c)) ?? '';

async function titles(client: Client): Promise<string[]> {
  const { body } = await client.json<{ items: { title: string }[] }>('/api/conversations');
  return body.items.map((c) => c.title);
}

describe('account cookies', () => {
  it('are not Secure over http, and Secure with a __Secure- name over https', async () => {
    const plain = await post(new Client(app.url), '/api/account/sign-up', credentials());
    expect(plain.status).toBe(201);
    expect(sessionCookie(plain)).toMatch(/^parley\.session_token=/);
    expect(sessionCookie(plain)).not.toMatch(/;\s*Secure/i);

    const secure = await post(new Client(app.url), '/api/account/sign-up', credentials(), {
      'x-forwarded-proto': 'https',
    });
    expect(secure.status).toBe(201);
    expect(sessionCookie(secure)).toMatch(/^__Secure-parley\.session_token=/);
    expect(sessionCookie(secure)).toMatch(/;\s*Secure/i);
  });

  it('a sign-in over http works on the next request', async () => {
    const client = new Client(app.url);
    const account = credentials();
    expect((await post(client, '/api/account/sign-up', account)).status).toBe(201);
    const status = await client.json<{ account: { email: string } | null }>('/api/account');
    expect(status.body.account?.email).toBe(account.email);
  });

  it("moves nothing into the account until the browser shows it holds the account's cookie", async () => {
    const browser = new Client(app.url);
    await readChat(await browser.postChat({ content: '[[mock:text tokens=2]] keep me' }));
    expect(await titles(browser)).toHaveLength(1);
    const account = credentials();
    expect((await post(browser, '/api/account/sign-up', account)).status).toBe(201);
    // The browser dropped the account's cookie (as one does with a Secure cookie over http).
    browser.otherCookies.clear();
    expect((await browser.json<{ account: unknown }>('/api/account')).body.account).toBeNull();
    expect(await titles(browser)).toHaveLength(1);
    // Another browser in the account sees nothing of the guest's.
    const elsewhere = new Client(app.url);
    expect((await post(elsewhere, '/api/account/sign-in', account)).status).toBe(200);
    expect(await titles(elsewhere)).toEqual([]);

    // Signed in again and keeping the cookie this time: the conversation moves, once.
    expect((await post(browser, '/api/account/sign-in', account)).status).toBe(200);
    expect(await titles(browser)).toHaveLength(1);
    expect(await titles(elsewhere)).toHaveLength(1);
    expect(await titles(browser)).toHaveLength(1);
  });
});
