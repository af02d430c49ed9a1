// Behaviours of open-model servers and other providers: reasoning sent as a <think> block inside
// content, error bodies that are not OpenAI's, and answers stopped by a content filter.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { REASONING_ANSWER, REASONING_TEXT } from '../mock-upstream/texts';
import { releaseMock, waitForMockRequest } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';
import { ShareDialog, SharedPage } from './pages/share-page';

const key = () => `k${randomUUID().slice(0, 8)}`;
// Any piece of a think tag: "<th", "</think", "ink>", …
const TAG_PIECE = /<\/?t(?:h(?:i(?:nk?)?)?)?(?![a-z])|<\/?think|ink>/;

/**
 * Records, from the first mutation on, every text an assistant message ever showed that holds a
 * piece of a think tag: the check covers every intermediate render, not only the last one.
 */
async function watchForTagPieces(page: Page): Promise<void> {
  await page.evaluate((source) => {
    const piece = new RegExp(source);
    const w = window as unknown as { __tagPieces: string[]; __checked: number };
    w.__tagPieces = [];
    w.__checked = 0;
    const check = () => {
      for (const article of document.querySelectorAll('article[data-role="assistant"]')) {
        const text = article.textContent ?? '';
        w.__checked++;
        if (piece.test(text)) w.__tagPieces.push(text);
      }
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, TAG_PIECE.source);
}

/** The offending texts, after checking that the watch saw the answer change many times. */
async function tagPiecesSeen(page: Page): Promise<string[]> {
  const { pieces, checked } = await page.evaluate(() => {
    const w = window as unknown as { __tagPieces: string[]; __checked: number };
    return { pieces: w.__tagPieces, checked: w.__checked };
  });
  expect(checked, 'renders of the answer the watch saw').toBeGreaterThan(5);
  return pieces;
}

test('a think block streams into the reasoning panel, never into the answer', async ({
  page,
  browser,
}) => {
  // One conversation followed live, after a reload, on the shared page and into the next request.
  test.slow();
  const chat = new ChatPage(page);
  await chat.goto('/');
  await watchForTagPieces(page);
  const k = key();
  await chat.send(`[[mock:reasoning field=think rate=30 pause=${k}]] What is 17 * 3?`);

  // Live, while the model is still inside the block: the panel is open and says it is thinking.
  const answer = chat.lastAssistant();
  const panel = answer.getByTestId('reasoning');
  await expect(panel).toBeVisible();
  await expect(panel.locator('summary')).toHaveText('Thinking…');
  await expect(panel).toHaveAttribute('open', '');
  await expect(panel).toContainText(REASONING_TEXT);
  await expect(answer).toHaveAttribute('data-status', 'streaming');

  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
  await expect(answer).toContainText(REASONING_ANSWER);
  await expect(panel.locator('summary')).toHaveText(/^Thought for /);
  await expect(panel).not.toHaveAttribute('open', '');
  expect(await tagPiecesSeen(page)).toEqual([]);

  // After a reload: the same, from the database.
  await page.reload();
  const saved = await chat.waitForAssistantStatus('complete');
  await expect(saved).toContainText(REASONING_ANSWER);
  await expect(saved.getByTestId('reasoning').locator('summary')).toHaveText(/^Thought for /);
  await expect(saved.getByTestId('reasoning')).toContainText(REASONING_TEXT, {
    useInnerText: false,
  });
  expect(await saved.textContent()).not.toMatch(TAG_PIECE);

  // On the shared page.
  const dialog = new ShareDialog(page);
  await dialog.open();
  const url = await dialog.create();
  await page.keyboard.press('Escape');
  const visitor = await browser.newContext();
  const shared = new SharedPage(await visitor.newPage());
  await shared.goto(url);
  const sharedAnswer = shared.messages.filter({ hasText: REASONING_ANSWER });
  await expect(sharedAnswer).toHaveCount(1);
  await expect(sharedAnswer.getByTestId('reasoning')).toHaveCount(1);
  expect(await sharedAnswer.textContent()).not.toMatch(TAG_PIECE);
  await visitor.close();

  // The next request upstream carries the answer, never the reasoning.
  const next = `[[mock:echo]] and now 18 * 3? ${key()}`;
  await chat.sendAndWait(next);
  const sent = await waitForMockRequest((r) => JSON.stringify(r.body).includes(next));
  const messages = (sent.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  expect(messages.filter((m) => m.role === 'assistant')).toEqual([
    { role: 'assistant', content: REASONING_ANSWER },
  ]);
  expect(JSON.stringify(sent.body)).not.toContain(REASONING_TEXT.slice(0, 20));
});

test('errors in any body shape read as plain words, without HTML', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');

  // Ollama's {"error": "…"} string: the model is unknown; its own hint is worth passing on.
  const missing = await chat.sendAndWait('[[mock:http status=404 shape=string]] hi', 'error');
  const missingAlert = missing.getByRole('alert');
  await expect(missingAlert).toContainText('The model “mock-model” was not found');
  await expect(missingAlert).toContainText('try pulling it first');
  await expect(missingAlert.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // A proxy's HTML page: the provider is down; nothing of the page shows, Retry is offered.
  const down = await chat.sendAndWait('[[mock:http status=502 shape=html]] again', 'error');
  const downAlert = down.getByRole('alert');
  await expect(downAlert).toContainText('not answering properly (HTTP 502)');
  await expect(downAlert).toContainText('Try again later');
  await expect(downAlert.getByRole('button', { name: 'Retry' })).toBeVisible();
  const text = (await downAlert.textContent()) ?? '';
  expect(text).not.toMatch(/<|nginx|Bad Gateway|127\.0\.0\.1/);

  await page.reload();
  await expect(chat.lastAssistant().getByRole('alert')).toContainText('HTTP 502');
});

test('an answer stopped by the content filter keeps its text and says so', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const answer = await chat.sendAndWait('[[mock:text tokens=3 finish=content_filter]] tell me');
  // The ending's one sentence, in either word order.
  const note = /stopped by the provider’s content filter|provider’s content filter stopped/;
  await expect(answer).toContainText('tok1 tok2 tok3');
  await expect(answer.getByText(note)).toBeVisible();
  await expect(answer.getByRole('alert')).toHaveCount(0);
  await expect(answer).not.toContainText(/cut off|Interrupted/);

  await page.reload();
  const saved = await chat.waitForAssistantStatus('complete');
  await expect(saved).toContainText('tok1 tok2 tok3');
  await expect(saved.getByText(note)).toBeVisible();

  // A plain stop has no such note.
  const plain = await chat.sendAndWait('[[mock:text tokens=2]] again');
  await expect(plain.getByText(note)).toHaveCount(0);
});
