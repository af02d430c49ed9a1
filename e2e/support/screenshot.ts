// `npm run screenshot`: regenerates public/screenshot.png from the real app, talking to the
// offline demo model, so the README's picture never drifts from what users see; the
// Assistants section's pictures (a new chat with a configured assistant's starters, 375 and
// 1280 px wide); and the admin page's (screenshot-admin.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startApp } from './app-server';
import { CHROMIUM_ARGS, findChromium } from './ensure-chromium.mjs';
import { TEST_DIST_DIR } from './env';
import { adminScreenshots } from './screenshot-admin';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'public', 'screenshot.png');
const assistantOut = (width: number) => join(ROOT, 'public', `assistant-starters-${width}.png`);

const SQL_REVIEWER = {
  name: 'SQL reviewer',
  description: 'Reviews queries for correctness, speed and safety',
  systemPrompt: 'You review SQL queries: correctness first, then performance, then style.',
  settings: { temperature: 0.2 },
  tools: ['calculate'],
  starters: [
    'Review this query: SELECT * FROM orders WHERE id IN (SELECT order_id FROM items)',
    'Why is my JOIN slow on a large table?',
    'Explain the difference between WHERE and HAVING',
    'Rewrite a correlated subquery as a JOIN',
  ],
};

async function main() {
  if (!existsSync(join(ROOT, TEST_DIST_DIR, 'BUILD_ID'))) {
    const built = spawnSync(join(ROOT, 'node_modules/.bin/next'), ['build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_DIST_DIR: TEST_DIST_DIR },
    });
    if (built.status !== 0) process.exit(1);
  }
  const app = await startApp({ env: { ASSISTANTS: JSON.stringify([SQL_REVIEWER]) } });
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1200, height: 860 },
      deviceScaleFactor: 1,
    });
    await page.goto(`${app.url}/`);
    await page.getByRole('textbox', { name: 'Message' }).fill('What can Parley do?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('article[data-role="assistant"][data-status="complete"]')
      .waitFor({ timeout: 60_000 });
    // Let lazy syntax highlighting finish before the picture is taken.
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: OUT });
    console.log(`wrote ${OUT}`);
    for (const width of [375, 1280]) {
      const narrow = await browser.newPage({
        viewport: { width, height: width < 768 ? 740 : 800 },
        deviceScaleFactor: 1,
      });
      await narrow.goto(`${app.url}/?assistant=config-sql-reviewer`);
      await narrow.getByRole('button', { name: SQL_REVIEWER.starters[1] ?? '' }).waitFor();
      await narrow.evaluate(() => document.fonts.ready);
      await narrow.waitForTimeout(600);
      await narrow.screenshot({ path: assistantOut(width) });
      console.log(`wrote ${assistantOut(width)}`);
    }
    await adminScreenshots(browser, ROOT);
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
