// Single sign-on end to end against a real OpenID Connect provider on loopback
// (oauth2-mock-server: discovery, authorization, token and userinfo endpoints, signed ID tokens).
// The app has its own server with OIDC_* set and ALLOWED_EMAILS: an allowed user signs in
// through the provider; one the list does not name is sent back with a clear message.
import { expect, test } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { freePort } from '../support/free-port';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

let idp: OAuth2Server;
let mock: MockUpstream;
let app: AppServer;
/** Who the provider says signed in, per test. */
let who = { sub: 'ana', email: 'ana@example.com', email_verified: true };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(await freePort(), '127.0.0.1');
  const claims = () => ({ ...who, name: who.sub });
  idp.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
  idp.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });
  mock = await startMockUpstream();
  app = await startApp({
    env: {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      OIDC_ISSUER_URL: idp.issuer.url ?? '',
      OIDC_CLIENT_ID: 'parley-test',
      OIDC_CLIENT_SECRET: 'parley-test-secret',
      OIDC_NAME: 'Test IdP',
      ALLOWED_EMAILS: '@example.com',
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await mock?.close();
  await idp?.stop();
});

test('signs in through the OpenID Connect provider and keeps the guest chat', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  who = { sub: 'ana-sso', email: 'ana.sso@example.com', email_verified: true };
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait('[[mock:text tokens=2]] before single sign-on');
  const sidebar = new Sidebar(page);
  await expect(sidebar.rows).toHaveCount(1);
  await sidebar.root.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('dialog', { name: 'Sign in' })
    .getByRole('button', { name: 'Continue with Test IdP' })
    .click();
  await expect(
    sidebar.root.getByRole('button', { name: 'Account: ana.sso@example.com' }),
  ).toBeVisible();
  await expect(sidebar.rows).toHaveCount(1);
  await context.close();
});

test('a user not in ALLOWED_EMAILS is refused with a clear message', async ({ browser }) => {
  who = { sub: 'eve', email: 'eve@evil.example', email_verified: true };
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Test IdP' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'This email address is not allowed to use this Parley',
  );
  const status = await page.request.get('/api/account');
  expect(((await status.json()) as { account: unknown }).account).toBeNull();
  await context.close();
});

test('a provider that has not verified the address gets no account, and says why', async ({
  browser,
}) => {
  who = { sub: 'unverified', email: 'new.hire@example.com', email_verified: false };
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Test IdP' }).click();
  await expect(page).toHaveURL(/\/sign-in\?error=email_not_verified/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Your sign-in provider has not verified this email address. Verify it there, then sign in again.',
  );
  const status = await page.request.get('/api/account');
  expect(((await status.json()) as { account: unknown }).account).toBeNull();
  // This Parley has no mail and an allow-list: password accounts are off, only the button shows.
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await context.close();
});
