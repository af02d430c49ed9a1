// Compare mode in Chromium: one question to three models (two providers) at once, each answer in
// its own column with its own stream, Stop, Retry and Continue; a reload resumes every column.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { RecordedRequest } from '../mock-upstream/types';
import { SMALL_PROVIDER_HEADER, TINY_MODEL } from '../support/providers';
import { mockRequests, releaseMock, waitForMockRequest } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

const MODELS = ['mock-model', 'mock-model-2', TINY_MODEL] as const;
/** Each model's entry in the picker: the model and its provider's label. */
const PICKS = ['mock-model · Default', 'mock-model-2 · Default', `${TINY_MODEL} · Small`];
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `tok${i + 1}`).join(' ');
const key = () => `k${randomUUID().slice(0, 8)}`;

/** One model's column (its name, then the provider's label when several are configured). */
const column = (page: Page, model: string) =>
  page.getByRole('region', { name: new RegExp(`^Answer of ${model}( |$)`) });

async function pickModels(page: Page, picks: readonly string[] = PICKS) {
  await page.getByRole('button', { name: /^Compare/ }).click();
  for (const name of picks) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Compare/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

/** Streamed chat requests that carry `tag`, for one model. */
const streamedFor = (requests: RecordedRequest[], tag: string, model: string) =>
  requests.filter((r) => {
    const body = r.body as { stream?: boolean; model?: string } | null;
    return JSON.stringify(r.body).includes(tag) && body?.stream && body.model === model;
  });

test('three models answer at once at their own pace; one fails with Retry, Stop on one leaves the others running', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const chat = new ChatPage(page);
  await chat.goto('/');
  await pickModels(page);
  const k1 = key();
  const k2 = key();
  await chat.send(
    `${k1} [[mock@mock-model:pause key=${k1} after=4 tokens=12 rate=40]] [[mock@mock-model-2:pause key=${k2} after=3 tokens=30 rate=20]] [[mock@${TINY_MODEL}:stream-error after=3 rate=10]] which is best?`,
  );
  await expect(page.getByRole('region', { name: '3 answers side by side' })).toBeVisible();
  const first = column(page, 'mock-model');
  const second = column(page, 'mock-model-2');
  const tiny = column(page, TINY_MODEL);

  // The failing model's column says why, with Retry, while the others are still being written.
  await expect(tiny.getByRole('alert')).toContainText('disconnected');
  await expect(tiny.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(tiny).toContainText('tok1 tok2 tok3');
  await expect(first).toContainText('tok4');
  await expect(second).toContainText('tok3');
  await expect(first).toHaveAttribute('data-state', 'streaming');
  await expect(second).toHaveAttribute('data-state', 'streaming');
  // The three were asked at once, not one after another.
  const requests = await mockRequests();
  const asked = MODELS.map((m) => streamedFor(requests, k1, m));
  expect(asked.map((a) => a.length)).toEqual([1, 1, 1]);
  const times = asked.map((a) => a[0]?.receivedAt ?? 0);
  expect(Math.max(...times) - Math.min(...times)).toBeLessThan(1_500);
  await expect(first.getByTestId('column-timing') ?? page).toContainText('first token');

  // Stop in the first column stops that answer only.
  await first.getByRole('button', { name: /^Stop mock-model/ }).click();
  await expect(first).toHaveAttribute('data-state', 'stopped');
  await expect(second).toHaveAttribute('data-state', 'streaming');
  await releaseMock(k2);
  await expect(second).toHaveAttribute('data-state', 'complete');
  await expect(second).toContainText(tokens(30));
  await expect(first).not.toContainText('tok5');

  // Retry answers again in that column, with that column's model.
  await tiny.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(async () => streamedFor(await mockRequests(), k1, TINY_MODEL).length).toBe(2);
  await expect(tiny).toHaveAttribute('data-state', 'failed');
  await expect(chat.sendButton).toBeVisible();
});

test('a reload in the middle resumes all three answers, each from its own log', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const chat = new ChatPage(page);
  await chat.goto('/');
  await pickModels(page);
  const k = key();
  await chat.send(
    `${k} [[mock@mock-model:pause key=${k} after=6 tokens=20]] [[mock@mock-model-2:pause key=${k} after=4 tokens=15]] [[mock@${TINY_MODEL}:pause key=${k} after=2 tokens=10]] go`,
  );
  for (const [model, n] of [
    ['mock-model', 6],
    ['mock-model-2', 4],
    [TINY_MODEL, 2],
  ] as const) {
    await expect(column(page, model)).toContainText(`tok${n}`);
  }
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  const followed: string[] = [];
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (reloaded && url.pathname.endsWith('/stream'))
      followed.push(url.searchParams.get('message') ?? '');
  });
  await page.reload();
  for (const [model, n] of [
    ['mock-model', 6],
    ['mock-model-2', 4],
    [TINY_MODEL, 2],
  ] as const) {
    await expect(column(page, model)).toHaveAttribute('data-state', 'streaming');
    await expect(column(page, model)).toContainText(`tok${n}`);
  }
  await expect.poll(() => new Set(followed).size).toBe(3);

  await releaseMock(k);
  for (const [model, n] of [
    ['mock-model', 20],
    ['mock-model-2', 15],
    [TINY_MODEL, 10],
  ] as const) {
    await expect(column(page, model)).toHaveAttribute('data-state', 'complete');
    await expect(column(page, model)).toContainText(tokens(n));
  }
  // Each model was asked once: the reload followed the answers instead of asking again.
  const requests = await mockRequests();
  expect(MODELS.map((m) => streamedFor(requests, k, m).length)).toEqual([1, 1, 1]);
});

test('"Continue with this answer" sends the next message to that model, with that answer as history', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await pickModels(page);
  const tag = key();
  await chat.send(
    `${tag} [[mock@mock-model:text tokens=3]] [[mock@mock-model-2:text tokens=5]] [[mock@${TINY_MODEL}:text tokens=7]] pick one`,
  );
  const tiny = column(page, TINY_MODEL);
  await expect(tiny).toHaveAttribute('data-state', 'complete');
  await expect(column(page, 'mock-model')).toHaveAttribute('data-state', 'complete');
  await expect(column(page, 'mock-model-2')).toHaveAttribute('data-state', 'complete');
  await tiny.getByRole('button', { name: 'Continue with this answer' }).click();
  // The kept answer reads as the conversation's answer, its siblings one click away.
  await expect(page.getByRole('region', { name: '3 answers side by side' })).toHaveCount(0);
  await expect(chat.lastAssistant()).toContainText(tokens(7));
  await expect(page.getByRole('button', { name: 'Show all 3 answers side by side' })).toBeVisible();

  // Compare off: the next message goes to the kept model alone.
  await page.getByRole('button', { name: /^Compare/ }).click();
  await page.getByRole('button', { name: 'Turn compare off' }).click();
  await page.keyboard.press('Escape');
  const next = key();
  await chat.send(`${next} and then?`);
  const request = await waitForMockRequest(
    (r) => JSON.stringify(r.body).includes(next) && !!(r.body as { stream?: boolean }).stream,
  );
  const body = request.body as { model: string; messages: { role: string; content: unknown }[] };
  expect(body.model).toBe(TINY_MODEL);
  expect(request.headers[SMALL_PROVIDER_HEADER.name]).toBe(SMALL_PROVIDER_HEADER.value);
  const history = body.messages.filter((m) => m.role !== 'system');
  expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(history[1]?.content).toBe(tokens(7));
  await chat.waitForAssistantStatus('complete');
});

test('at 375 px the answers are swipeable tabs', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const chat = new ChatPage(page);
  await chat.goto('/');
  await pickModels(page);
  await chat.send('[[mock@mock-model:text tokens=2]] [[mock:text tokens=4]] narrow');
  const tabs = page.getByRole('tablist', { name: 'Answers' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(column(page, 'mock-model')).toBeInViewport();
  await tabs.nth(2).click();
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(column(page, TINY_MODEL)).toBeInViewport({ ratio: 0.9 });
  await expect(column(page, TINY_MODEL)).toContainText(tokens(4));
  // Nothing sideways beyond the window.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
