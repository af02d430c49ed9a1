// Budgets, not only rates, over real HTTP on one server with small limits: every limit is passed
// once (per user and per client address), answered 429 with Retry-After and a sentence, and the
// refused request changes nothing. Uploads (files and bytes), new accounts, imports, copies of
// shared links, and the daily token budget (counted from the provider's usage; guests and
// accounts apart; refused before any upstream request). A second server, without TRUST_PROXY,
// shows that a client's own X-Forwarded-For (or Parley's socket-address header) moves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';
import { exportConversation, importFile, listIds } from './export-support';
import { createShare, fork } from './share-support';

const mock = withMockUpstream();
const app = withApp(() => ({
  env: {
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    TRUST_PROXY: 'true',
    RATE_LIMIT_UPLOADS_PER_USER: '2',
    RATE_LIMIT_UPLOADS_PER_IP: '3',
    RATE_LIMIT_UPLOAD_MB_PER_USER: '1',
    RATE_LIMIT_UPLOAD_MB_PER_IP: '2',
    RATE_LIMIT_ACCOUNTS_PER_IP: '2',
    RATE_LIMIT_IMPORTS_PER_USER: '1',
    RATE_LIMIT_IMPORTS_PER_IP: '2',
    RATE_LIMIT_FORKS_PER_USER: '1',
    RATE_LIMIT_FORKS_PER_IP: '2',
    TOKEN_BUDGET_GUEST: '40',
    TOKEN_BUDGET_ACCOUNT: '400',
  },
}));

beforeAll(async () => {
  // A new embedded database migrates on its first use: here, not in the first test's time.
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});

let n = 0;
/** Each test its own client address, so per-address counts do not mix. */
const newAddress = () => `10.7.0.${++n}`;

/** A client whose every request comes from `address` (the proxy's last X-Forwarded-For entry). */
class From extends Client {
  constructor(readonly address: string) {
    super(app.url);
  }
  override fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', `203.0.113.9, ${this.address}`);
    return super.fetch(path, { ...init, headers });
  }
}

function upload(client: Client, bytes: number, name = 'notes.txt') {
  return client.fetch(`/api/attachments?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-type': 'text/plain' },
    body: new Blob(['a'.repeat(bytes)]),
  });
}

async function expectLimited(res: Response, message: RegExp) {
  expect(res.status, await res.clone().text()).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.message).toMatch(message);
  expect(res.headers.getSetCookie()).toEqual([]);
}

const KB = 1024;

describe('uploads', () => {
  it('counts files per user and per address', async () => {
    const address = newAddress();
    const first = new From(address);
    for (let i = 0; i < 2; i++) expect((await upload(first, 10)).status).toBe(201);
    await expectLimited(await upload(first, 10), /Too many uploads: at most 2 an hour/);
    const second = new From(address);
    // The address has one file left (3 an hour), whoever sends it.
    expect((await upload(second, 10)).status).toBe(201);
    await expectLimited(await upload(second, 10), /Too many uploads from your network/);
    expect((await upload(new From(newAddress()), 10)).status).toBe(201);
  });

  it('counts bytes per user and per address, before anything is stored', async () => {
    const user = new From(newAddress());
    expect((await upload(user, 700 * KB)).status).toBe(201);
    await expectLimited(await upload(user, 700 * KB), /Too much uploaded: at most 1\.0 MB an hour/);
    const address = newAddress();
    for (let i = 0; i < 2; i++)
      expect((await upload(new From(address), 700 * KB)).status).toBe(201);
    const third = new From(address);
    await expectLimited(
      await upload(third, 700 * KB),
      /Too much uploaded from your network: at most 2\.0 MB an hour/,
    );
  });
});

describe('accounts, imports and copies of shared links', () => {
  it('limits new accounts per address', async () => {
    const address = newAddress();
    const signUp = (i: number) =>
      new From(address).fetch('/api/account/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `n${n}-${i}@example.com`, password: 'long enough pw' }),
      });
    for (let i = 0; i < 2; i++) expect((await signUp(i)).status).toBe(201);
    await expectLimited(await signUp(2), /Too many new accounts from your network: at most 2/);
    // Refused before better-auth ran: no account was made.
    const signIn = await new From(newAddress()).fetch('/api/account/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `n${n - 1}-2@example.com`, password: 'long enough pw' }),
    });
    expect(signIn.status).toBe(401);
  });

  it('limits imports per user and per address', async () => {
    const owner = new From(newAddress());
    const run = await readChat(await owner.postChat({ content: '[[mock:text tokens=2]] keep' }));
    const file = await (await exportConversation(owner, run.start.conversationId, 'json')).text();
    const address = newAddress();
    const first = new From(address);
    expect((await importFile(first, file)).status).toBe(201);
    await expectLimited(await importFile(first, file), /Too many imports: at most 1 an hour/);
    expect(await listIds(first)).toHaveLength(1);
    expect((await importFile(new From(address), file)).status).toBe(201);
    await expectLimited(
      await importFile(new From(address), file),
      /Too many imports from your network: at most 2 an hour/,
    );
  });

  it('limits copies of shared conversations per user and per address', async () => {
    const owner = new From(newAddress());
    const run = await readChat(await owner.postChat({ content: '[[mock:text tokens=2]] share' }));
    const share = await createShare(owner, run.start.conversationId);
    const id = share.body.share.id;
    const address = newAddress();
    const first = new From(address);
    expect((await fork(first, id)).status).toBe(201);
    await expectLimited(
      await fork(first, id),
      /Too many copies of shared conversations: at most 1/,
    );
    expect(await listIds(first)).toHaveLength(1);
    expect((await fork(new From(address), id)).status).toBe(201);
    await expectLimited(
      await fork(new From(address), id),
      /Too many copies of shared conversations from your network: at most 2/,
    );
  });
});

describe('the daily token budget', () => {
  it("spends the provider's usage, refuses before any upstream request, and an account has its own", async () => {
    const guest = new From(newAddress());
    const first = await readChat(
      await guest.postChat({ content: '[[mock:text tokens=15 usage=1]] a' }),
    );
    const usage = first.answer?.usage;
    expect(usage?.total_tokens).toBeGreaterThan(15);
    const conversationId = first.start.conversationId;
    // The conversation is now over 40 tokens: this answer starts under the budget and finishes.
    const second = await readChat(
      await guest.postChat({ conversationId, content: '[[mock:text tokens=15 usage=1]] b' }),
    );
    expect(second.answer?.status).toBe('complete');
    const refused = await guest.postChat({ conversationId, content: 'one more' });
    await expectLimited(
      refused,
      /You have used today's 40 tokens\. More at 00:00 UTC \(in \d+ (hours?|minutes|seconds?)\)\./,
    );
    // Nothing went upstream (a title for the first exchange may; this message may not).
    expect(mock.requests().filter((r) => JSON.stringify(r.body).includes('one more'))).toEqual([]);
    // Nothing was saved: the conversation still ends with the second answer.
    const detail = await guest.json<{ messages: { content: string | null }[] }>(
      `/api/conversations/${conversationId}`,
    );
    expect(detail.body.messages.some((m) => m.content === 'one more')).toBe(false);

    const signedUp = await guest.fetch('/api/account/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `budget-${n}@example.com`, password: 'long enough pw' }),
    });
    expect(signedUp.status).toBe(201);
    const asAccount = await readChat(
      await guest.postChat({ conversationId, content: '[[mock:text tokens=2]] as an account' }),
    );
    expect(asAccount.answer?.status).toBe('complete');
  });
});

describe('without TRUST_PROXY', () => {
  let direct: AppServer;
  beforeAll(async () => {
    direct = await startApp({
      env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', RATE_LIMIT_ACCOUNTS_PER_IP: '2' },
    });
    await (await fetch(`${direct.url}/api/conversations`)).body?.cancel();
  });
  afterAll(async () => {
    await direct?.stop();
  });

  it("counts the connection's address, whatever X-Forwarded-For a client writes", async () => {
    const signUp = (i: number) =>
      new Client(direct.url).fetch('/api/account/sign-up', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${i}`,
          'x-real-ip': `198.51.100.${i}`,
          'x-parley-socket-address': `198.51.100.${i}`,
        },
        body: JSON.stringify({ email: `direct-${i}@example.com`, password: 'long enough pw' }),
      });
    for (let i = 0; i < 2; i++) expect((await signUp(i)).status).toBe(201);
    await expectLimited(await signUp(2), /Too many new accounts from your network/);
  }, 60_000);
});
