// Access codes end to end, on an app server of its own with ACCESS_CODES set and its own mock
// upstream: a new browser sees the gate, a wrong code is refused, the right one lets it chat;
// the API refuses a client without the code (the upstream receives nothing); a shared link opens
// without a code.
import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { ChatPage } from './pages/chat-page';
import { ShareDialog } from './pages/share-page';

const CODE = 'correct-horse-7';
let mock: MockUpstream;
let app: AppServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mock = await startMockUpstream();
  app = await startApp({
    env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model', ACCESS_CODES: `other, ${CODE}` },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await mock?.close();
});

test('a new browser passes the gate with the right code, chats, and shares a link that opens without one', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/access$/);
  await expect(page.getByRole('heading', { name: 'Parley' })).toBeVisible();
  const field = page.getByLabel('Access code');
  await expect(field).toBeFocused();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await field.fill('not-it');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/access code is not right/);
  await expect(field).toHaveAccessibleDescription(/access code is not right/);
  await expect(page).toHaveURL(/\/access$/);

  await field.fill(CODE);
  await page.getByRole('button', { name: 'Continue' }).click();
  const chat = new ChatPage(page);
  await expect(chat.composer).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/`);
  const answer = await chat.sendAndWait('[[mock:text tokens=4]] behind the gate');
  await expect(answer).toBeVisible();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  const dialog = new ShareDialog(page);
  await dialog.open();
  const link = await dialog.create();

  // Another browser without the code: the shared link opens, the app does not.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByText('behind the gate')).toBeVisible();
  await visitorPage.goto(`${app.url}/`);
  await expect(visitorPage).toHaveURL(/\/access$/);
  await visitor.close();
  await context.close();
});

test('the API refuses a client without the code, and the upstream receives nothing', async ({
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: app.url });
  // A guest cookie from the gate, but no code.
  expect((await api.get('/access')).status()).toBe(200);
  const before = mock.requests().length;
  const chat = await api.post('/api/chat', {
    headers: { origin: app.url },
    data: { content: 'use the key' },
  });
  expect(chat.status()).toBe(401);
  expect(((await chat.json()) as { error: { code: string } }).error.code).toBe('access_required');
  expect((await api.get('/api/models')).status()).toBe(401);
  expect(mock.requests().length).toBe(before);
  await api.dispose();
});

test('the gate at 375 px in the dark theme', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 375, height: 700 },
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  await page.goto('/c/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/access\?next=/);
  const button = page.getByRole('button', { name: 'Continue' });
  const box = await button.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await context.close();
});

test('after the right code, a hostile next= never leaves this site', async ({ browser }) => {
  test.setTimeout(120_000);
  // The phishing page: another origin on loopback, counting every visit.
  let visits = 0;
  const phish: Server = createServer((_req, res) => {
    visits += 1;
    res.end('<title>phished</title>phished');
  });
  await new Promise<void>((resolve) => phish.listen(0, '127.0.0.1', resolve));
  const address = phish.address();
  const evil = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // As typed into the address bar (the query is decoded once by the server).
  const hostile = [
    `/%09/${evil}/phish`,
    `/%0a/${evil}/phish`,
    `/%0d%0a/${evil}/phish`,
    `%2F%2F${evil}/phish`,
    `/%5C${evil}/phish`,
    `%5C%5C${evil}/phish`,
    `/.//${evil}/phish`,
    `/..//${evil}/phish`,
    `${encodeURIComponent(`http://${evil}/phish`)}`,
    `http:%2F%2F${evil}/phish`,
    'javascript:document.title%3D%22phished%22',
  ];
  try {
    for (const next of hostile) {
      const context = await browser.newContext({ baseURL: app.url });
      const page = await context.newPage();
      await page.goto(`/access?next=${next}`);
      await page.getByLabel('Access code').fill(CODE);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(new ChatPage(page).composer, next).toBeVisible();
      expect(new URL(page.url()).origin, next).toBe(app.url);
      await expect(page, next).not.toHaveTitle('phished');
      await context.close();
    }
    expect(visits).toBe(0);
  } finally {
    await new Promise((resolve) => phish.close(resolve));
  }
});

test('after the right code, the page asked for is where the browser goes', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await page.goto('/c/00000000-0000-4000-8000-000000000000?x=1');
  await expect(page).toHaveURL(/\/access\?next=%2Fc%2F0{8}-/);
  await page.getByLabel('Access code').fill(CODE);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${app.url}/c/00000000-0000-4000-8000-000000000000?x=1`);
  await context.close();
});
