// Code highlighting runs in a Web Worker (components/chat/markdown/highlight-client.ts), and a
// long answer arriving at once renders a part per task (use-shown-blocks.ts): the page shows
// plain code until the worker's colours arrive, never highlights on its own thread, and ends
// with the whole answer on screen.
import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';

const CODE = [
  '[[mock:echo]] Here is the code:',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
].join('\n');

test('code blocks are coloured by the highlighting worker', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait(CODE);
  const pre = chat.lastAssistant().locator('pre');
  await expect(pre).toHaveAttribute('data-highlighted', '');
  await expect(pre.locator('code span[style*="--shiki-light"]').first()).toBeVisible();
  await expect(pre).toHaveText('const answer: number = 42;');
  expect(workers.length).toBeGreaterThan(0);

  // After a reload the saved answer is coloured the same way.
  await page.reload();
  await expect(chat.lastAssistant().locator('pre')).toHaveAttribute('data-highlighted', '');
});

test('a worker that cannot start leaves the code as plain text', async ({ page }) => {
  await page.addInitScript(() => {
    // As a Content-Security-Policy refusing workers, or a browser without them, would.
    Object.defineProperty(window, 'Worker', {
      value: class {
        constructor() {
          throw new Error('workers are refused here');
        }
      },
    });
  });
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait(CODE);
  const pre = chat.lastAssistant().locator('pre');
  await expect(pre).toHaveText('const answer: number = 42;');
  // Give highlighting every chance to land: it must not, on the page's own thread either.
  await page.waitForTimeout(1_500);
  await expect(pre).not.toHaveAttribute('data-highlighted', '');
  await expect(pre.locator('span[style*="--shiki-light"]')).toHaveCount(0);
});

test('a long answer arriving at once ends whole on screen', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait('[[mock:markdown tokens=2000]] all at once');
  const answer = chat.lastAssistant();
  await expect(answer).toContainText('Benchmark answer follows');
  await expect(answer).toContainText('That is the whole answer.');
  await expect(answer.getByRole('heading', { name: /^Part 1:/ })).toHaveCount(1);
  const parts = await answer.getByRole('heading', { name: /^Part \d+:/ }).count();
  expect(parts).toBeGreaterThan(10);
  // Every part's code block is there, and every one gets its colours.
  await expect(answer.locator('pre')).toHaveCount(parts);
  await expect(answer.locator('pre[data-highlighted]')).toHaveCount(parts, { timeout: 20_000 });
  // The reader, at the bottom all along, sees the answer's end.
  await expect(answer.getByText('That is the whole answer.')).toBeInViewport();
});
