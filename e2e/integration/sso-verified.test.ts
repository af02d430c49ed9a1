// Single sign-on takes only addresses the provider verified, against a real OpenID Connect
// provider on loopback (oauth2-mock-server: discovery, authorization, token, userinfo, signed ID
// tokens), over real HTTP: `email_verified: false` gets no account and no session; `true` does.
// An account someone made with a password for that address, never verified, loses its password
// when the provider vouches for the address.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCatcher, startSmtpCatcher } from '../smtp-catcher/server';
import { type AppServer, startApp } from '../support/app-server';
import { freePort } from '../support/free-port';
import { Client } from './client';

let idp: OAuth2Server;
let smtp: SmtpCatcher;
let app: AppServer;
/** What the provider says about who signed in, per test. */
let who = { sub: 'ana', email: 'ana@example.com', email_verified: true };

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(await freePort(), '127.0.0.1');
  const claims = () => ({ ...who, name: who.sub });
  idp.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
  idp.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });
  smtp = await startSmtpCatcher();
  app = await startApp({
    env: {
      OIDC_ISSUER_URL: idp.issuer.url ?? '',
      OIDC_CLIENT_ID: 'parley-test',
      OIDC_CLIENT_SECRET: 'parley-test-secret',
      ALLOWED_EMAILS: '@example.com',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'parley@example.com',
    },
  });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  await idp?.stop();
});

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

/** The whole round trip: start, the provider's authorization, back to Parley's callback. */
async function signInWithProvider(client: Client): Promise<Response> {
  const started = await client.json<{ url: string }>('/api/account/sso', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'oidc', returnTo: '/' }),
  });
  expect(started.status).toBe(200);
  const authorized = await fetch(started.body.url, { redirect: 'manual' });
  const callback = authorized.headers.get('location') ?? '';
  expect(callback.startsWith(`${app.url}/api/auth/callback/oidc?`)).toBe(true);
  return client.fetch(callback.slice(app.url.length), { redirect: 'manual' });
}

const accountOf = async (client: Client) =>
  (await client.json<{ account: { email: string } | null }>('/api/account')).body.account;

describe('single sign-on and verified addresses', () => {
  it('a provider that says email_verified: false gets no account; true does', async () => {
    const email = `sso-${unique()}@example.com`;
    who = { sub: `u-${unique()}`, email, email_verified: false };
    const refused = new Client(app.url);
    const back = await signInWithProvider(refused);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/\/sign-in\?error=email_not_verified/);
    expect(await accountOf(refused)).toBeNull();
    // No account was made: a password sign-up for the address is a new one (a verification mail).
    await refused.fetch('/api/account/sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'long enough pw' }),
    });
    expect((await smtp.waitFor(email)).subject).toMatch(/Confirm your e-mail address/);

    who = { ...who, email: `sso-${unique()}@example.com`, email_verified: true };
    const accepted = new Client(app.url);
    const ok = await signInWithProvider(accepted);
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).not.toMatch(/error=/);
    expect((await accountOf(accepted))?.email).toBe(who.email);
    expect((await accepted.postChat({ content: 'hello' })).status).toBe(200);
  });

  it('an unproven password account for the address cannot take the provider sign-in; the owner proves the mailbox by reset, then it links', async () => {
    const email = `pre-${unique()}@example.com`;
    const password = 'the squatter knows it';
    const squatter = new Client(app.url);
    const post = (client: Client, path: string, body: unknown) =>
      client.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(squatter, '/api/account/sign-up', { email, password })).status).toBe(202);
    await smtp.waitFor(email);
    expect((await post(squatter, '/api/account/sign-in', { email, password })).status).toBe(200);
    expect((await squatter.postChat({ content: 'not verified' })).status).toBe(403);

    who = { sub: `owner-${unique()}`, email, email_verified: true };
    const owner = new Client(app.url);
    const refused = await signInWithProvider(owner);
    expect(refused.headers.get('location')).toBe('/sign-in?error=account_not_linked');
    expect(await accountOf(owner)).toBeNull();
    const page = await (await owner.fetch('/sign-in?error=account_not_linked')).text();
    expect(page).toContain('Forgot password?');

    // The owner proves the mailbox: a reset link. The squatter's session ends with it.
    expect((await post(owner, '/api/account/password/forgot', { email })).status).toBe(202);
    const mail = await smtp.waitFor(email, { count: 2 });
    const token = new URL(mail.links[0] ?? '').searchParams.get('token');
    const reset = await post(owner, '/api/account/password/reset', {
      token,
      password: 'the owner chose this',
    });
    expect(reset.status).toBe(200);
    expect(await accountOf(squatter)).toBeNull();
    expect(
      (await post(new Client(app.url), '/api/account/sign-in', { email, password })).status,
    ).toBe(401);
    const back = await signInWithProvider(owner);
    expect(back.headers.get('location')).toBe('/');
    expect((await accountOf(owner))?.email).toBe(email);
    expect((await owner.postChat({ content: 'mine' })).status).toBe(200);
  });
});
