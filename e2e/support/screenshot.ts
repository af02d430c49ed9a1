// `npm run screenshot`: regenerates public/screenshot.png from the real app, talking to the
// offline demo model, so the README's picture never drifts from what users see.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startApp } from './app-server';
import { CHROMIUM_ARGS, findChromium } from './ensure-chromium.mjs';
import { TEST_DIST_DIR } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'public', 'screenshot.png');

async function main() {
  if (!existsSync(join(ROOT, TEST_DIST_DIR, 'BUILD_ID'))) {
    const built = spawnSync(join(ROOT, 'node_modules/.bin/next'), ['build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_DIST_DIR: TEST_DIST_DIR },
    });
    if (built.status !== 0) process.exit(1);
  }
  const app = await startApp({ env: {} });
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
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
