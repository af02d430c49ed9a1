import type { Page } from '@playwright/test';

/**
 * Holds the page's JavaScript chunks until `release` is called: until then the page is the
 * server's HTML, not yet hydrated (what a reader on a slow connection types into).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
