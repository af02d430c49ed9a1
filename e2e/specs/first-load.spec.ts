// The chat page is usable before its heavy parts arrive: markdown, highlighting, math, zod and
// the dialogs are chunks of their own, fetched when needed (issue 13, first-load JavaScript).
// Chunks are recognised by text their code contains (strings survive minification).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { firstLoadFiles } from '../bench/first-load-manifest.mjs';
import { TEST_DIST_DIR } from '../support/env';
import { ChatPage } from './pages/chat-page';
import { ShareDialog, SharedPage } from './pages/share-page';

const MARKERS = {
  markdown: 'remarkjs/react-markdown', // react-markdown's warnings link to its changelog
  shiki: 'ShikiError',
  katex: 'KaTeX parse error',
  zod: '"ZodError"',
  settings: 'Conversation settings',
  shortcuts: 'Shift+Enter starts a new line',
  myData: 'the most Parley imports at once',
  share: 'Your shared links',
} as const;
type Part = keyof typeof MARKERS;
const PARTS = Object.keys(MARKERS) as Part[];

/**
 * The parts found in every script the page has fetched so far; with `workers`, in every chunk
 * fetched at all, the page's workers' included (Shiki runs in one: highlight.worker.ts).
 */
function watchScripts(page: Page, { workers = false } = {}): () => Promise<Part[]> {
  const bodies: Promise<string>[] = [];
  const source = workers ? page.context() : page;
  source.on('response', (response) => {
    const chunk = response.url().includes('/_next/static/chunks/');
    if (response.request().resourceType() === 'script' || (workers && chunk))
      bodies.push(response.text().catch(() => ''));
  });
  return async () => {
    const texts = await Promise.all(bodies);
    return PARTS.filter((part) => texts.some((text) => text.includes(MARKERS[part])));
  };
}

const RICH = [
  '[[mock:echo]] Math and code:',
  '',
  '$$\\frac{1}{3}$$',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
].join('\n');

test('nothing heavy loads with the chat page; each part loads when it is used', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const loaded = watchScripts(page);
  const loadedAnywhere = watchScripts(page, { workers: true });
  const chat = new ChatPage(page);
  await chat.goto('/');
  await page.waitForLoadState('networkidle');
  // Markdown alone is fetched at once, when the page is idle: the first answer will need it.
  await expect.poll(loaded).toEqual(['markdown']);

  await chat.composer.fill(RICH);
  await chat.sendButton.click();
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant().locator('.katex-display')).toBeVisible();
  await expect(
    chat.lastAssistant().locator('pre code span[style*="--shiki-light"]').first(),
  ).toBeVisible();
  // Shiki is fetched by the highlighting worker, never by the page itself.
  expect(await loaded()).toEqual(['markdown', 'katex']);
  expect(await loadedAnywhere()).toContain('shiki');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Conversation settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'My data' }).click();
  await expect(page.getByRole('dialog', { name: 'My data' })).toBeVisible();
  await page.keyboard.press('Escape');
  const share = new ShareDialog(page);
  await share.open();
  expect(await loaded()).toEqual(PARTS.filter((part) => part !== 'shiki'));

  // The server still renders markdown itself: the shared page without JavaScript has the code
  // block, not the plain-text stand-in shown while the renderer loads in the browser.
  const url = await share.create();
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await new SharedPage(plain).goto(url);
  await expect(plain.locator('pre code').getByText('const answer')).toBeVisible();
  await expect(plain.locator('[data-markdown-pending]')).toHaveCount(0);
  await noJs.close();
});

test('the message box works while the markdown renderer is still loading', async ({ page }) => {
  // Hold back every script with the renderer in it: the page must not wait for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(MARKERS.markdown)) await held;
    await route.fulfill({ response, body });
  });
  const chat = new ChatPage(page);
  // Not waiting for the load event: a held script started before it would delay it.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(chat.composer).toBeFocused(); // hydrated: it focuses itself
  await chat.send('[[mock:echo]] Some **bold** words');
  // Meanwhile the answer shows as plain text, then as markdown once the renderer arrives.
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant()).toContainText('Some **bold** words');
  release();
  await expect(chat.lastAssistant().locator('strong')).toHaveText('bold');
});

test('the first-load scripts of the chat and shared pages hold none of the heavy parts', () => {
  // Read from the build under test: the same build always gives the same bytes, so the budget
  // below is a property of the code, not of the machine (issue 13: at most 200 KB gzipped).
  for (const route of ['/', '/c/[id]', '/s/[id]']) {
    const files = firstLoadFiles(TEST_DIST_DIR, route);
    const text = files.map((f) => readFileSync(join(TEST_DIST_DIR, f.file), 'utf8')).join('\n');
    expect(
      PARTS.filter((part) => text.includes(MARKERS[part])),
      route,
    ).toEqual([]);
    const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
    expect(gzip / 1024, `${route}: first-load JavaScript, KB gzipped`).toBeLessThanOrEqual(200);
  }
});
