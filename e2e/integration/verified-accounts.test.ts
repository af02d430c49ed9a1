// Accounts with mail, over real HTTP and a real SMTP server on loopback (smtp-server, with AUTH:
// the credentials of SMTP_URL are used): sign-up answers "check your inbox" for every address and
// the mail says what happened; with ALLOWED_EMAILS an unverified account is refused on every
// chat route in words until it follows the signed link; "forgot password" answers the same for
// every address and its link works once and signs every browser out; changing the password asks
// for the current one and signs the other browsers out; mails are limited per address and per
// network in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type SmtpCatcher, startSmtpCatcher } from '../smtp-catcher/server';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';
import { CASES, fixture, ROUTES, request } from './route-cases';
import { Anonymous } from './share-support';

const PER_ADDRESS = 10;
const PER_IP = 10;
let mock: MockUpstream;
let smtp: SmtpCatcher;
let app: AppServer;

beforeAll(async () => {
  mock = await startMockUpstream();
  smtp = await startSmtpCatcher({ user: 'parley', password: 'smtp secret' });
  app = await startApp({
    env: {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      TOOL_APPROVAL: 'calculate',
      ALLOWED_EMAILS: '@example.com',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Parley <parley@example.com>',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAILS_PER_ADDRESS: String(PER_ADDRESS),
      RATE_LIMIT_MAILS_PER_IP: String(PER_IP),
    },
  });
  await (await fetch(`${app.url}/api/conversations`)).body?.cancel();
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  await mock?.close();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const address = () => `10.2.${Math.floor(++n / 250)}.${n % 250}`;

function post(client: Client, path: string, body: unknown, ip = address()) {
  return client.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const statusOf = (client: Client) =>
  client.json<{
    account: { email: string; emailVerified: boolean; mustVerify: boolean } | null;
    notice: string | null;
  }>('/api/account');
const pathOf = (link: string) => link.slice(app.url.length);

/** Signs up, follows the link in a new browser: a verified account, signed in there. */
async function verifiedAccount(password = 'correct horse battery') {
  const email = `v-${unique()}@example.com`;
  const signUp = await post(new Client(app.url), '/api/account/sign-up', { email, password });
  expect(signUp.status, await signUp.clone().text()).toBe(202);
  const mail = await smtp.waitFor(email);
  const browser = new Client(app.url);
  const opened = await browser.fetch(pathOf(mail.links[0] ?? ''), { redirect: 'manual' });
  expect(opened.status).toBe(302);
  return { email, password, browser };
}

describe('verification', () => {
  it('sign up → the mail arrives over SMTP → the link verifies and signs in → chat', async () => {
    const email = `ana-${unique()}@example.com`;
    const password = 'correct horse battery';
    const browser = new Client(app.url);
    const signedUp = await post(browser, '/api/account/sign-up', { email, password });
    expect(signedUp.status).toBe(202);
    expect(await signedUp.json()).toEqual({ checkInbox: true, message: expect.any(String) });
    expect(browser.otherCookies.size, 'sign-up signs nobody in').toBe(0);

    const mail = await smtp.waitFor(email);
    expect(mail.user, 'sent with the credentials of SMTP_URL').toBe('parley');
    expect(mail.from).toContain('parley@example.com');
    expect(mail.subject).toMatch(/Confirm your e-mail address/);
    const link = mail.links[0] ?? '';
    expect(link.startsWith(`${app.url}/api/auth/verify-email?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);

    // Signed in before confirming: the account page works, chatting does not, in words.
    const early = new Client(app.url);
    expect((await post(early, '/api/account/sign-in', { email, password })).status).toBe(200);
    const before = await statusOf(early);
    expect(before.body.account).toMatchObject({ email, emailVerified: false, mustVerify: true });
    const refused = await early.postChat({ content: '[[mock:text tokens=1]] too early' });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toMatch(/Confirm your email address first/);

    const opened = await browser.fetch(pathOf(link), { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/account?verified=1');
    expect((await statusOf(browser)).body.account).toMatchObject({ email, emailVerified: true });
    const run = await readChat(await browser.postChat({ content: '[[mock:text tokens=2]] now' }));
    expect(run.done?.messages.at(-1)?.status).toBe('complete');
    // The earlier browser's account is the same one: verified there too.
    expect((await early.postChat({ content: '[[mock:text tokens=1]] also' })).status).toBe(200);

    // A used link changes nothing: it signs no other browser in.
    const later = new Client(app.url);
    const again = await later.fetch(pathOf(link), { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(later.otherCookies.size).toBe(0);
    // A forged token is refused.
    const forged = await new Client(app.url).fetch(
      `/api/auth/verify-email?token=${link.split('token=')[1]?.slice(0, 40)}x`,
      { redirect: 'manual' },
    );
    expect(forged.status).toBe(401);
  });

  it('an unverified account gets 403 in words on every chat route; "send the link again" works', async () => {
    const owner = new Client(app.url);
    const f = await fixture(owner);
    const email = `un-${unique()}@example.com`;
    const password = 'correct horse battery';
    await post(new Client(app.url), '/api/account/sign-up', { email, password });
    await smtp.waitFor(email);
    const unverified = new Client(app.url);
    expect((await post(unverified, '/api/account/sign-in', { email, password })).status).toBe(200);
    const refusedRoutes: string[] = [];
    for (const { key, method } of ROUTES) {
      const c = CASES[key];
      if (!c || c.access === 'public') continue;
      const res = await unverified.fetch(c.path(f), request(c, f, method));
      const text = await res.text();
      if (res.status === 403) {
        expect(JSON.parse(text).error.message, key).toMatch(/Confirm your email address first/);
        refusedRoutes.push(key);
        continue;
      }
      // A route that reads "my list" answers as to nobody: nothing of anyone's shows.
      const anon = await new Anonymous(app.url).fetch(c.path(f), request(c, f, method));
      expect(res.status, `${key}: ${text}`).toBe(anon.status);
      for (const id of [f.conversationId, f.answerId, f.shareId]) expect(text).not.toContain(id);
    }
    expect(refusedRoutes).toEqual(
      expect.arrayContaining(['POST /api/chat', 'POST /api/attachments', 'POST /api/import']),
    );

    const resent = await post(unverified, '/api/account/verification', {});
    expect(resent.status, await resent.clone().text()).toBe(202);
    const second = await smtp.waitFor(email, { count: 2 });
    const opened = await unverified.fetch(pathOf(second.links[0] ?? ''), { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect((await unverified.postChat({ content: '[[mock:text tokens=1]] ok' })).status).toBe(200);
  });

  it('refuses an address ALLOWED_EMAILS does not name, and sends it nothing', async () => {
    const email = `eve-${unique()}@evil.example`;
    const refused = await post(new Client(app.url), '/api/account/sign-up', {
      email,
      password: 'long enough pw',
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toMatch(/not allowed to use this Parley/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mailsTo(email)).toEqual([]);
  });
});

describe('no enumeration', () => {
  /** Median of the times, in ms. */
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };

  /**
   * One request, timed. Then the work it left for after the answer (an account and its hash, a
   * mail) is waited out before the next one is timed: each is measured on a quiet server. Where
   * a mail follows (`mailed`), its arrival says that work is done; else a pause.
   */
  async function timed(path: string, body: { email: string }, mailed: boolean) {
    const before = smtp.mailsTo(body.email).length;
    const started = performance.now();
    const res = await post(new Client(app.url), path, { password: 'long enough pw', ...body });
    const ms = performance.now() - started;
    const text = (await res.text()).replace(body.email, 'EMAIL');
    if (mailed) await smtp.waitFor(body.email, { count: before + 1 });
    await new Promise((resolve) => setTimeout(resolve, mailed ? 100 : 400));
    return { status: res.status, text, ms, cookies: res.headers.getSetCookie().length };
  }

  type Answer = Awaited<ReturnType<typeof timed>>;

  async function compare(
    path: string,
    known: string,
    prefix: string,
    rounds: number,
    unknownMailed: boolean,
  ) {
    const knownAnswers: Answer[] = [];
    const unknownAnswers: Answer[] = [];
    // Warm both paths first (the first hash, the first query plan).
    const unknown = () => ({ email: `${prefix}${unique()}@example.com` });
    await timed(path, { email: known }, true);
    await timed(path, unknown(), unknownMailed);
    for (let i = 0; i < rounds; i++) {
      knownAnswers.push(await timed(path, { email: known }, true));
      unknownAnswers.push(await timed(path, unknown(), unknownMailed));
    }
    for (const a of [...knownAnswers, ...unknownAnswers]) {
      expect({ status: a.status, text: a.text, cookies: a.cookies }).toEqual({
        status: 202,
        text: unknownAnswers[0]?.text,
        cookies: 0,
      });
    }
    const k = knownAnswers.map((a) => a.ms);
    const u = unknownAnswers.map((a) => a.ms);
    console.log(
      `${path}: known address ${Math.min(...k).toFixed(1)} ms at best, median ${median(k).toFixed(1)}; unknown ${Math.min(...u).toFixed(1)} ms at best, median ${median(u).toFixed(1)}`,
    );
    // Within noise: the best of each (what repeated tries would show, least disturbed by other
    // work on the machine) differ by less than 15 ms or a quarter. A path that hashed the password
    // for one kind only would differ by the whole hash (tens of ms); one that sent the mail
    // before answering, by an SMTP exchange.
    const best = Math.min(...u);
    expect(Math.abs(Math.min(...k) - best)).toBeLessThan(Math.max(15, 0.25 * best));
  }

  it('sign-up answers the same, in the same time, for a known and an unknown address; the mail says which', async () => {
    const { email, password } = await verifiedAccount();
    await compare('/api/account/sign-up', email, 'new-', 8, true);
    const told = smtp.mailsTo(email).at(-1);
    expect(told?.subject).toBe('You already have a Parley account');
    expect(told?.text).toMatch(/you already have one/);
    expect(told?.links).toEqual([`${app.url}/sign-in`, `${app.url}/forgot-password`]);
    // The account is untouched: its own password still signs in.
    expect(
      (await post(new Client(app.url), '/api/account/sign-in', { email, password })).status,
    ).toBe(200);
  });

  it('"forgot password" answers the same, in the same time, for a known and an unknown address', async () => {
    const { email } = await verifiedAccount();
    await compare('/api/account/password/forgot', email, 'nobody-', 8, false);
    // Its verification mail, then one reset link per request (the warm-up's too).
    const mail = await smtp.waitFor(email, { count: 10 });
    expect(mail.subject).toBe('Choose a new Parley password');
    // An address without an account gets no mail at all.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails().filter((m) => m.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
  });
});

describe('passwords', () => {
  it('forgot password → the mail → a new password: every browser is signed out, the link works once', async () => {
    const { email, password, browser } = await verifiedAccount();
    const other = new Client(app.url);
    expect((await post(other, '/api/account/sign-in', { email, password })).status).toBe(200);
    expect((await statusOf(other)).body.account?.email).toBe(email);

    const asked = await post(new Client(app.url), '/api/account/password/forgot', { email });
    expect(asked.status).toBe(202);
    const mail = await smtp.waitFor(email, { count: 2 });
    expect(mail.subject).toBe('Choose a new Parley password');
    const link = mail.links[0] ?? '';
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token') ?? '';

    const fresh = 'a brand new password';
    const reset = await post(new Client(app.url), '/api/account/password/reset', {
      token,
      password: fresh,
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await statusOf(browser)).body.account, 'signed out').toBeNull();
    expect((await statusOf(other)).body.account, 'signed out').toBeNull();
    const reused = await post(new Client(app.url), '/api/account/password/reset', {
      token,
      password: 'yet another password',
    });
    expect(reused.status).toBe(400);
    expect((await errorOf(reused)).message).toMatch(/expired or was already used/);
    const old = await post(new Client(app.url), '/api/account/sign-in', { email, password });
    expect(old.status).toBe(401);
    const again = await post(new Client(app.url), '/api/account/sign-in', {
      email,
      password: fresh,
    });
    expect(again.status).toBe(200);
  });

  it('changing the password asks for the current one and signs the other browsers out', async () => {
    const { email, password, browser } = await verifiedAccount();
    const other = new Client(app.url);
    expect((await post(other, '/api/account/sign-in', { email, password })).status).toBe(200);
    const wrong = await post(browser, '/api/account/password', {
      currentPassword: 'not my password',
      newPassword: 'something new entirely',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe('Your current password is not right.');
    const changed = await post(browser, '/api/account/password', {
      currentPassword: password,
      newPassword: 'something new entirely',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await statusOf(browser)).body.account?.email, 'this browser stays').toBe(email);
    expect((await statusOf(other)).body.account, 'the other is signed out').toBeNull();
    const signIn = await post(new Client(app.url), '/api/account/sign-in', {
      email,
      password: 'something new entirely',
    });
    expect(signIn.status).toBe(200);
  });
});

describe('mail limits, in the database', () => {
  it('per address: the same address, from anywhere, is refused past the limit', async () => {
    const email = `lim-${unique()}@example.com`;
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await post(new Client(app.url), '/api/account/password/forgot', { email });
      expect(res.status).toBe(202);
    }
    const over = await post(new Client(app.url), '/api/account/password/forgot', { email });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toMatch(/Too many account mails to this address/);
    const signUp = await post(new Client(app.url), '/api/account/sign-up', {
      email,
      password: 'long enough pw',
    });
    expect(signUp.status).toBe(429);
  });

  it('per network: one client address is refused past the limit, whatever the addresses', async () => {
    const ip = address();
    for (let i = 0; i < PER_IP; i++) {
      const res = await post(
        new Client(app.url),
        '/api/account/password/forgot',
        { email: `net-${unique()}@example.com` },
        ip,
      );
      expect(res.status).toBe(202);
    }
    const over = await post(
      new Client(app.url),
      '/api/account/sign-up',
      { email: `net-${unique()}@example.com`, password: 'long enough pw' },
      ip,
    );
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toMatch(/account mails from your network/);
  });
});

describe('ALLOWED_EMAILS without mail', () => {
  it('refuses to start without single sign-on, saying what to set', async () => {
    const failed = await startApp({
      env: { ALLOWED_EMAILS: '@example.com' },
      timeoutMs: 30_000,
    }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/the server exited early/);
    expect(failed).toMatch(/SMTP_URL: ALLOWED_EMAILS is set/);
  });

  it('with single sign-on: password accounts are off, in words', async () => {
    const ssoOnly = await startApp({
      env: {
        ALLOWED_EMAILS: '@example.com',
        OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer',
        OIDC_CLIENT_ID: 'parley',
        OIDC_CLIENT_SECRET: 'secret',
        LOG_LEVEL: 'warn',
      },
    });
    try {
      expect(ssoOnly.output()).toMatch(/signs in with single sign-on only/);
      const client = new Client(ssoOnly.url);
      const options = await client.json<{ passwordAccounts: boolean }>('/api/account');
      expect(options.body.passwordAccounts).toBe(false);
      for (const path of ['/api/account/sign-up', '/api/account/sign-in']) {
        const res = await post(client, path, {
          email: `x-${unique()}@example.com`,
          password: 'long enough pw',
        });
        expect(res.status, path).toBe(403);
        expect((await errorOf(res)).message).toMatch(/single sign-on only/);
      }
    } finally {
      await ssoOnly.stop();
    }
  });
});
