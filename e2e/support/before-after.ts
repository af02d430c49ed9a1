// Screenshots of the first-impression screens (issue 14) against a running app with the offline
// demo model: `npx tsx e2e/support/before-after.ts http://127.0.0.1:3000 e2e/screenshots/after`.
// Kept small (1× pixels, PNG); the assertions live in e2e/specs/layout.spec.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './ensure-chromium.mjs';

const [base = 'http://127.0.0.1:3000', out = 'e2e/screenshots/after'] = process.argv.slice(2);

async function open(browser: Browser, width: number, theme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width, height: 720 },
    colorScheme: theme,
    reducedMotion: 'reduce',
  });
  await page.goto(`${base}/`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  return page;
}

async function ask(page: Page, text: string) {
  const before = await page.locator('article[data-role="assistant"]').count();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .locator('article[data-role="assistant"]')
    .nth(before)
    .and(page.locator('[data-status="complete"]'))
    .waitFor({ timeout: 60_000 });
}

async function main() {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS],
  });
  const shot = (page: Page, name: string) => page.screenshot({ path: join(out, `${name}.png`) });
  try {
    for (const width of [375, 768, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await open(browser, width, theme);
        await shot(page, `empty-${width}-${theme}`);
        await page.close();
      }
    }

    // A conversation at 375 px: the header's title, badge and "New chat".
    const narrow = await open(browser, 375, 'light');
    await ask(narrow, 'What time is it in Tokyo right now?');
    await narrow.waitForTimeout(1_500); // the generated title
    await shot(narrow, 'conversation-375-light');
    await narrow.close();

    // Edit on an earlier message, and the Jump-to-latest pill, at 768 px.
    const mid = await open(browser, 768, 'dark');
    await ask(mid, 'Hello there, demo!');
    await ask(mid, 'And once more, please.');
    const firstEdit = mid.getByRole('button', { name: 'Edit' }).first();
    await mid.getByTestId('messages').evaluate((el) => el.scrollTo({ top: 300 }));
    await mid.waitForTimeout(300);
    await shot(mid, 'jump-pill-768-dark');
    await firstEdit.click();
    await mid.waitForTimeout(300);
    await shot(mid, 'edit-768-dark');
    await mid.close();

    // The delete toast next to the composer, at 1280 px.
    const wide = await open(browser, 1280, 'light');
    await ask(wide, 'What is 12 × 34 + 56?');
    const row = wide.getByTestId('conversation-row').first();
    await row.hover();
    await row.getByRole('button', { name: /^Delete/ }).click();
    await wide.getByTestId('toast').waitFor();
    await shot(wide, 'toast-1280-light');
    await wide.close();
  } finally {
    await browser.close();
  }
  console.log(`wrote screenshots to ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
