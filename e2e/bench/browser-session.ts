// The steps every browser benchmark shares: Chromium, a guest, seeded conversations, and one
// benchmark answer sent and waited for.
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/ensure-chromium.mjs';
import { answerComplete, composerReady, LAST_WORDS } from './browser-page';
import { importSeed, seedArchive, seedConversation } from './seed';

/** Tokens of the benchmark answer unless a row asks for another length. */
export const TOKENS = 2000;

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium() ?? undefined, args: [...CHROMIUM_ARGS] });
}

export async function guestCookie(context: BrowserContext, appUrl: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${appUrl}/`);
  await page.close();
  const cookies = await context.cookies(appUrl);
  if (cookies.length === 0) throw new Error('the first page load set no cookie');
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Imports `copies` fresh conversations of `count` messages; each run sends into its own. */
export async function seed(appUrl: string, cookie: string, count: number, copies: number) {
  const bodies = Array.from({ length: copies }, (_, i) =>
    seedConversation(count, `Earlier messages: ${count} (${i + 1})`),
  );
  return importSeed(appUrl, cookie, seedArchive(bodies));
}

/** Opens the conversation and waits until the page is quiet: its loading is not measured. */
export async function openConversation(page: Page, appUrl: string, id: string) {
  await page.goto(`${appUrl}/c/${id}`);
  await page.waitForFunction(composerReady, null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

/** Sends the benchmark prompt and resolves once the answer is complete on screen. */
export async function sendAndWait(page: Page, rate: number, tokens = TOKENS) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(`[[mock:markdown tokens=${tokens} rate=${rate}]] measure this`);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/chat') && r.request().method() === 'POST',
    // 32,000 tokens at 100/s take 320 s.
    { timeout: 120_000 + (rate > 0 ? (tokens / rate) * 2000 : 0) },
  );
  await page.getByRole('button', { name: 'Send' }).click();
  // Wait on the network, not by polling the page: polling would add main-thread work.
  await (await answered).finished();
  await page.waitForFunction(answerComplete, LAST_WORDS, { polling: 'raf', timeout: 120_000 });
}
