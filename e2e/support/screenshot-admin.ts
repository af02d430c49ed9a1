// The admin page's pictures for the README (`npm run screenshot` calls this): a seeded history
// (seed-usage.ts), one account disabled and one with a budget (so the audit log has entries),
// and an answer being written, at 1280 and 390 px in the light and dark themes, written to
// e2e/screenshots/admin-<width>-<theme>.png.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { startMockUpstream } from '../mock-upstream/server';
import { startApp } from './app-server';
import {
  SEED_ACCOUNTS,
  SEED_PASSWORD,
  SEED_PRICES,
  seedProvidersEnv,
  seedUsage,
} from './seed-usage';

const ADMIN = { email: 'owner@example.com', password: 'the owner password' };

export const adminScreenshot = (root: string, width: number, theme: string) =>
  join(root, 'e2e', 'screenshots', `admin-${width}-${theme}.png`);

async function post(url: string, path: string, body: unknown, cookie = '') {
  const res = await fetch(`${url}${path}`, {
    method: path.includes('/users/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function adminScreenshots(browser: Browser, root: string): Promise<void> {
  const mock = await startMockUpstream();
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-admin-shots-'));
  const seeded = await seedUsage({ pgliteDir: dataDir });
  const app = await startApp({
    env: {
      PGLITE_DIR: dataDir,
      PROVIDERS: seedProvidersEnv(mock.url),
      MODEL_PRICES: SEED_PRICES,
      ADMIN_EMAILS: ADMIN.email,
    },
  });
  try {
    const cookie = await post(app.url, '/api/account/sign-up', ADMIN);
    await post(app.url, `/api/admin/users/${seeded.ids.bo}`, { dailyTokenBudget: 20000 }, cookie);
    await post(app.url, `/api/admin/users/${seeded.ids.cy}`, { disabled: true }, cookie);
    // Bo is writing a long answer while the pictures are taken.
    const writer = await browser.newPage();
    await writer.request.post(`${app.url}/api/account/sign-in`, {
      data: { email: SEED_ACCOUNTS.bo.email, password: SEED_PASSWORD },
      headers: { origin: app.url },
    });
    await writer.goto(`${app.url}/`);
    await writer
      .getByRole('textbox', { name: 'Message' })
      .fill('[[mock:text tokens=2000 rate=20]] Tell me everything');
    await writer.getByRole('button', { name: 'Send', exact: true }).click();
    await writer.locator('article[data-role="assistant"][data-status="streaming"]').waitFor();

    for (const width of [1280, 390]) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 844 : 900 },
          deviceScaleFactor: 1,
          colorScheme: theme,
        });
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const at = pair.indexOf('=');
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: app.url };
          }),
        );
        const page = await context.newPage();
        await page.goto(`${app.url}/admin`);
        await page.getByRole('button', { name: '30 days', exact: true }).click();
        await page.locator('.recharts-bar-rectangle path').first().waitFor();
        await page
          .getByRole('region', { name: 'Answers being written' })
          .getByRole('listitem')
          .first()
          .waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(500);
        const path = adminScreenshot(root, width, theme);
        await page.screenshot({ path, fullPage: true });
        console.log(`wrote ${path}`);
        await context.close();
      }
    }
    await writer.close();
  } finally {
    await app.stop();
    await mock.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
