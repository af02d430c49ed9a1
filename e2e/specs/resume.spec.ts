import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { mockRequests, releaseMock, waitForMockRequest } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

const tokens = (n: number) => Array.from({ length: n }, (_, i) => `tok${i + 1}`).join(' ');

test('a reload at half of a long answer resumes it from the event log: no second upstream request, no polling', async ({
  page,
}) => {
  // 300 tokens at the mock's pace, a reload and a 2.5 s watch: longer than the default 30 s
  // allows when both workers share two busy cores.
  test.setTimeout(60_000);
  const chat = new ChatPage(page);
  await chat.goto('/');
  const k = `k${randomUUID().slice(0, 8)}`;
  await chat.send(`[[mock:pause key=${k} after=150 tokens=300]] a long answer`);
  await expect(chat.lastAssistant()).toContainText('tok150');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationId = page.url().split('/c/')[1] ?? '';
  const upstream = await waitForMockRequest((r) => JSON.stringify(r.body).includes(k));

  // Only the reloaded page's requests count (from the moment the reload commits): whatever the
  // page being left does while its stream is cut is not the new page polling.
  const seen: string[] = [];
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (reloaded && url.pathname.startsWith('/api/')) seen.push(`${r.method()} ${url.pathname}`);
  });
  await page.reload();
  const answer = chat.lastAssistant();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await expect(answer).toContainText('tok150');
  await expect(chat.stopButton).toBeVisible();
  // The resumed stream is open. Were the tab polling (once a second), it would fetch the
  // conversation again while the answer waits here.
  await expect
    .poll(() => seen.filter((s) => s.endsWith(`/api/conversations/${conversationId}/stream`)))
    .toHaveLength(1);
  await page.waitForTimeout(2_500);
  expect(seen.filter((s) => s === `GET /api/conversations/${conversationId}`)).toEqual([]);

  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
  await expect(answer).toContainText(tokens(300));
  await expect(chat.sendButton).toBeVisible();
  // One upstream request: the reload followed the answer instead of asking again.
  const requests = (await mockRequests()).filter(
    (r) => JSON.stringify(r.body).includes(k) && (r.body as { stream?: boolean }).stream,
  );
  expect(requests.map((r) => r.seq)).toEqual([upstream.seq]);
  expect(seen.filter((s) => s.startsWith('POST /api/chat'))).toEqual([]);
});

test('a follow whose connection drops reconnects and still ends with the whole answer', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const chat = new ChatPage(page);
  await chat.goto('/');
  const k = `k${randomUUID().slice(0, 8)}`;
  await chat.send(`[[mock:pause key=${k} after=20 tokens=60]] a dropped follow`);
  await expect(chat.lastAssistant()).toContainText('tok20');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const upstream = await waitForMockRequest((r) => JSON.stringify(r.body).includes(k));

  // The reloaded tab's first connection to the resume route fails; later ones go through.
  const attempts: string[] = [];
  await page.route('**/api/conversations/*/stream*', async (route) => {
    attempts.push(route.request().url());
    if (attempts.length === 1) await route.abort('connectionreset');
    else await route.fallback();
  });
  await page.reload();
  const answer = chat.lastAssistant();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await expect.poll(() => attempts.length).toBe(2);

  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
  await expect(answer).toContainText(tokens(60));
  const requests = (await mockRequests()).filter(
    (r) => JSON.stringify(r.body).includes(k) && (r.body as { stream?: boolean }).stream,
  );
  expect(requests.map((r) => r.seq)).toEqual([upstream.seq]);
  expect(attempts).toHaveLength(2);
});
