// Screenshots of every screen (issue 24): new chat, a conversation with an answer and a tool
// card, the settings, share and account dialogs, a shared page and the access gate, at 375 and
// 1280 px in both themes. Starts its own servers from the `.next-test` build (or
// PARLEY_TEST_DIST_DIR) with the offline demo model:
//   npx tsx e2e/support/before-after.ts e2e/screenshots/after
// Kept small (1× pixels, PNG); the geometry assertions live in e2e/specs/layout.spec.ts and
// e2e/specs/viewport.spec.ts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { type AppServer, startApp } from './app-server';
import { CHROMIUM_ARGS, findChromium } from './ensure-chromium.mjs';

const [out = 'e2e/screenshots/after'] = process.argv.slice(2);
const ACCESS_CODE = 'screenshots-only';

type Theme = 'light' | 'dark';

async function open(browser: Browser, url: string, width: number, theme: Theme): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 740 : 800 },
    colorScheme: theme,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  // Lazy highlighting and the markdown renderer finish before the picture.
  await page.waitForTimeout(600);
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

async function screens(
  browser: Browser,
  demo: AppServer,
  gate: AppServer,
  width: number,
  theme: Theme,
) {
  const shot = async (page: Page, name: string) => {
    await settle(page);
    await page.screenshot({ path: join(out, `${name}-${width}-${theme}.png`) });
  };
  const page = await open(browser, `${demo.url}/`, width, theme);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.waitFor();
  // Hydrated: the message box focuses itself.
  await page.waitForFunction(() => document.activeElement?.id === 'composer');
  await shot(page, 'new-chat');

  await ask(page, 'Explain how rainbows form, in three short paragraphs.');
  await ask(page, 'What time is it in Tokyo right now?');
  await page.waitForTimeout(1_500); // the generated title
  await shot(page, 'conversation');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('dialog', { name: 'Conversation settings' }).waitFor();
  await shot(page, 'settings-dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share conversation' });
  await share.waitFor();
  await share.getByRole('button', { name: 'Create link' }).click();
  const linkBox = share.getByRole('textbox', { name: 'Share link' });
  await page.waitForFunction(() =>
    /\/s\//.test((document.querySelector('input[readonly]') as HTMLInputElement)?.value ?? ''),
  );
  await shot(page, 'share-dialog');
  const link = await linkBox.inputValue();
  await page.keyboard.press('Escape');

  if (width < 768) await page.getByRole('button', { name: 'Conversations' }).click();
  await page.locator('aside#sidebar').getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('dialog', { name: 'Create an account' }).waitFor();
  await shot(page, 'account-dialog');
  await page.keyboard.press('Escape');

  await page.goto(link);
  await page.locator('article[data-role]').first().waitFor();
  await shot(page, 'shared-page');
  await page.context().close();

  const gated = await open(browser, `${gate.url}/`, width, theme);
  await gated.getByRole('heading', { name: 'Parley' }).waitFor();
  await shot(gated, 'access-gate');
  await gated.context().close();
}

async function main() {
  mkdirSync(out, { recursive: true });
  const [demo, gate] = await Promise.all([
    startApp({ env: {} }),
    startApp({ env: { ACCESS_CODES: ACCESS_CODE } }),
  ]);
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS],
  });
  try {
    for (const width of [375, 1280]) {
      for (const theme of ['light', 'dark'] as const) {
        await screens(browser, demo, gate, width, theme);
      }
    }
  } finally {
    await browser.close();
    await Promise.all([demo.stop(), gate.stop()]);
  }
  console.log(`wrote screenshots to ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
