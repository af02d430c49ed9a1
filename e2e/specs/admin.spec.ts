// The admin page end to end (issue 27), on an app server of its own: ADMIN_EMAILS names one
// address, MODEL_PRICES prices two of three models, and the database starts with a seeded
// history (e2e/support/seed-usage.ts: four accounts, guests, a deleted account, three models on
// two providers over several days). The admin sees it as charts and tables whose numbers are the
// seed's hand-computed totals, downloads a CSV, disables an account (that browser's next request
// fails in words), sets a budget its user then hits, stops a live answer; others get a 404.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatCount } from '@/lib/admin/format';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import {
  SEED_ACCOUNTS,
  SEED_PASSWORD,
  SEED_PRICES,
  type SeededUsage,
  seedProvidersEnv,
  seedUsage,
} from '../support/seed-usage';
import { AdminPage } from './pages/admin-page';
import { ChatPage } from './pages/chat-page';

const ADMIN_EMAIL = 'root@example.com';
const ADMIN_PASSWORD = 'the admin password';
const DISABLED = 'This account has been disabled by an administrator.';

let mock: MockUpstream;
let app: AppServer;
let dataDir: string;
let seeded: SeededUsage;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mock = await startMockUpstream();
  dataDir = await mkdtemp(join(tmpdir(), 'parley-admin-e2e-'));
  seeded = await seedUsage({ pgliteDir: dataDir });
  app = await startApp({
    env: {
      PGLITE_DIR: dataDir,
      PROVIDERS: seedProvidersEnv(mock.url),
      MODEL_PRICES: SEED_PRICES,
      ADMIN_EMAILS: ADMIN_EMAIL,
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await mock?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(browser: Browser, email: string, password: string, signUp = false) {
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  const res = await page.request.post(`/api/account/${signUp ? 'sign-up' : 'sign-in'}`, {
    data: { email, password },
    headers: { origin: app.url },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return page;
}

let adminPage: Page | undefined;
async function admin(browser: Browser): Promise<AdminPage> {
  if (!adminPage) adminPage = await signedIn(browser, ADMIN_EMAIL, ADMIN_PASSWORD, true);
  const view = new AdminPage(adminPage);
  await view.goto();
  return view;
}

/** A CSV file as rows of cells (RFC 4180, as the page writes it). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test('the admin opens /admin from the account menu and sees the seeded history as charts and tables', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedIn(browser, ADMIN_EMAIL, ADMIN_PASSWORD, true);
  adminPage = page;
  const chat = new ChatPage(page);
  await chat.goto('/');
  await page.getByRole('button', { name: `Account: ${ADMIN_EMAIL}` }).click();
  await page.getByRole('menuitem', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const view = new AdminPage(page);
  await view.ready();

  await view.choosePeriod('30 days');
  const expected = seeded.expected(seeded.dayOf(29), seeded.today);
  const sum = (of: (m: (typeof expected.models)[number]) => number) =>
    expected.models.reduce((total, m) => total + of(m), 0);
  const totals = view.usage.getByRole('definition');
  await expect(totals.nth(1)).toHaveText(formatCount(sum((m) => m.inputTokens)));
  await expect(totals.nth(2)).toHaveText(formatCount(sum((m) => m.outputTokens)));

  // The charts draw a bar for each model that had tokens.
  for (const name of ['Input tokens per day', 'Output tokens per day']) {
    const chart = view.usage.getByRole('figure', { name: new RegExp(name) });
    await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
    for (const model of expected.models) await expect(chart).toContainText(model.model);
  }
  await view.usage.getByRole('button', { name: 'By provider', exact: true }).click();
  await expect(view.usage.getByRole('figure', { name: /Input tokens per day/ })).toContainText(
    'Groq',
  );

  // By model: the seed's totals, largest first.
  const byModel = [...expected.models].sort(
    (a, b) => b.inputTokens + b.outputTokens - (a.inputTokens + a.outputTokens),
  );
  expect(await view.rows('By model')).toEqual(
    byModel.map((m) => [
      m.model,
      m.provider,
      formatCount(m.messages),
      formatCount(m.inputTokens),
      formatCount(m.outputTokens),
      formatCount(m.inputTokens + m.outputTokens),
      expect.stringMatching(m.cost === null ? /^—$/ : /^\$\d/),
    ]),
  );
  // Top users: accounts by address, guests as one row, the deleted account's usage as another.
  const users = await view.rows('Top users');
  for (const u of expected.users) {
    const label =
      u.kind === 'guests' ? 'Guests (all)' : u.kind === 'deleted' ? 'Deleted accounts' : u.email;
    expect(users).toContainEqual(
      expect.arrayContaining([label, formatCount(u.messages), formatCount(u.inputTokens)]),
    );
  }

  // Sorting by a header button, announced by aria-sort.
  const table = view.table('By model');
  await table.getByRole('button', { name: 'Input tokens' }).click();
  await expect(table.getByRole('columnheader', { name: 'Input tokens' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const byInput = [...expected.models].sort((a, b) => b.inputTokens - a.inputTokens);
  expect((await view.rows('By model')).map((r) => r[0])).toEqual(byInput.map((m) => m.model));

  // The CSV has the table's rows in the order shown, with plain numbers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    view.usage.getByRole('button', { name: 'Download CSV of by model' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `parley-usage-by-model-${seeded.dayOf(29)}-${seeded.today}.csv`,
  );
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([
    'Model',
    'Provider',
    'Answers',
    'Input tokens',
    'Output tokens',
    'Total tokens',
    'Estimated cost (USD)',
  ]);
  expect(rows).toEqual(
    byInput.map((m) => [
      m.model,
      m.provider,
      String(m.messages),
      String(m.inputTokens),
      String(m.outputTokens),
      String(m.inputTokens + m.outputTokens),
      m.cost === null ? '' : expect.stringMatching(/^\d/),
    ]),
  );
  for (const [i, m] of byInput.entries()) {
    if (m.cost !== null) expect(Number(rows[i]?.[6])).toBeCloseTo(m.cost, 9);
  }

  // A period of one's own: two labelled dates, then Show.
  const from = seeded.dayOf(3);
  const to = seeded.dayOf(1);
  await view.usage.getByRole('button', { name: 'Custom', exact: true }).click();
  await view.usage.getByLabel('From', { exact: true }).fill(from);
  await view.usage.getByLabel('To', { exact: true }).fill(to);
  await view.usage.getByRole('button', { name: 'Show', exact: true }).click();
  const custom = seeded.expected(from, to);
  await expect(view.table('By day').locator('tbody tr')).toHaveCount(custom.days.length);
  const days = (await view.rows('By day')).map((r) => r[0] ?? '');
  expect(days.every((day) => day >= from && day <= to)).toBe(true);
  expect(new Set(days)).toEqual(new Set(custom.days.map((d) => d.day)));
});

test("disabling an account ends that browser's session at its next request, in words", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const bo = SEED_ACCOUNTS.bo.email;
  const user = await signedIn(browser, bo, SEED_PASSWORD);
  const chat = new ChatPage(user);
  await chat.goto('/');

  const view = await admin(browser);
  const item = await view.account(bo);
  await item.getByRole('button', { name: `Disable ${bo}` }).click();
  await expect(item.getByRole('button', { name: `Enable ${bo}` })).toBeVisible();
  await expect(item).toContainText('Disabled');

  await chat.send('am I still here?');
  await expect(user.getByRole('alert').filter({ hasText: DISABLED })).toBeVisible();
  // Signing in again is refused with the same sentence.
  const again = await user.request.post('/api/account/sign-in', {
    data: { email: bo, password: SEED_PASSWORD },
    headers: { origin: app.url },
  });
  expect(again.ok()).toBe(false);
  expect(await again.text()).toContain(DISABLED);

  await expect(view.audit).toContainText(`${ADMIN_EMAIL} disabled ${bo}`);
  await item.getByRole('button', { name: `Enable ${bo}` }).click();
  await expect(item.getByRole('button', { name: `Disable ${bo}` })).toBeVisible();
  await user.context().close();
});

test('a daily budget set by the admin is what that user then hits', async ({ browser }) => {
  test.setTimeout(60_000);
  const cy = SEED_ACCOUNTS.cy.email;
  const budget = 30;
  const view = await admin(browser);
  const item = await view.account(cy);
  await item.getByRole('spinbutton', { name: `Daily token budget for ${cy}` }).fill(String(budget));
  await item.getByRole('button', { name: `Save budget for ${cy}` }).click();
  await expect(item).toContainText(`Now ${budget} tokens a day`);

  const user = await signedIn(browser, cy, SEED_PASSWORD);
  const chat = new ChatPage(user);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=${budget + 5} usage=1]] spend it all`);
  await chat.send('one more question');
  await expect(user.getByRole('alert').filter({ hasText: 'You have used' })).toContainText(
    `You have used today's ${budget} tokens.`,
  );
  await expect(view.audit).toContainText(`${ADMIN_EMAIL} set the daily budget of ${cy}`);
  await user.context().close();
});

test('deleting an account asks first, naming it; then it is gone and cannot sign in', async ({
  browser,
}) => {
  const cy = SEED_ACCOUNTS.cy.email;
  const view = await admin(browser);
  const item = await view.account(cy);
  const dialog = view.page.getByRole('dialog', { name: `Delete ${cy}?` });
  await item.getByRole('button', { name: `Delete ${cy}` }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: `Delete ${cy}` }).click();
  await expect(dialog).toContainText(`This deletes the account ${cy} and all its data`);
  await dialog.getByRole('button', { name: 'Delete user and data' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(view.accounts.getByText('No account matches.')).toBeVisible();
  await expect(view.audit).toContainText(`${ADMIN_EMAIL} deleted ${cy}`);
  const stranger = await browser.newContext({ baseURL: app.url });
  const signIn = await stranger.request.post('/api/account/sign-in', {
    data: { email: cy, password: SEED_PASSWORD },
    headers: { origin: app.url },
  });
  expect(signIn.ok()).toBe(false);
  await stranger.close();
});

test("the admin stops an answer being written; the user's answer ends stopped", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const ana = SEED_ACCOUNTS.ana.email;
  const user = await signedIn(browser, ana, SEED_PASSWORD);
  const chat = new ChatPage(user);
  await chat.goto('/');
  // 300 tokens at 5 a second: a minute of writing unless someone stops it.
  await chat.send('[[mock:text tokens=300 rate=5]] write slowly');
  await chat.waitForAssistantStatus('streaming');

  const view = await admin(browser);
  const row = view.live.getByRole('listitem').filter({ hasText: ana });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Stop the answer for ${ana}` }).click();

  const stopped = await chat.waitForAssistantStatus('interrupted', { timeout: 15_000 });
  await expect(stopped).toContainText('Stopped');
  await expect(row).toHaveCount(0, { timeout: 10_000 });
  await expect(view.audit).toContainText(`${ADMIN_EMAIL} stopped an answer of`);
  await user.context().close();
});

test('anyone but the admin gets a missing page for /admin and its API', async ({ browser }) => {
  const bo = SEED_ACCOUNTS.bo.email;
  const user = await signedIn(browser, bo, SEED_PASSWORD);
  const page = await user.goto('/admin');
  expect(page?.status()).toBe(404);
  await expect(user.getByRole('heading', { name: 'Not found' })).toBeVisible();
  expect((await user.request.get('/api/admin/usage')).status()).toBe(404);

  await new ChatPage(user).goto('/');
  await user.getByRole('button', { name: `Account: ${bo}` }).click();
  await expect(user.getByRole('menuitem', { name: 'Account', exact: true })).toBeVisible();
  await expect(user.getByRole('menuitem', { name: 'Admin', exact: true })).toHaveCount(0);
  await user.context().close();

  const guest = await browser.newContext({ baseURL: app.url });
  const guestPage = await guest.newPage();
  expect((await guestPage.goto('/admin'))?.status()).toBe(404);
  await guest.close();
});

test('at 390 px in the dark theme: no sideways scroll, no serious axe violation', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    storageState: await adminPage?.context().storageState(),
  });
  const page = await context.newPage();
  const view = new AdminPage(page);
  await view.goto();
  await view.choosePeriod('30 days');
  await expect(view.table('By model').locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  // The sort buttons and downloads are reachable with the keyboard, with a visible focus ring.
  const sortButton = view.table('By model').getByRole('button', { name: 'Model' });
  await sortButton.focus();
  await page.keyboard.press('Enter');
  await expect(view.table('By model').getByRole('columnheader', { name: 'Model' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const outline = await sortButton.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await context.close();
});
