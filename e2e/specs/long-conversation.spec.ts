// A conversation of 500 messages: only the rows on screen are in the DOM, it opens at its end,
// older messages appear when scrolled to, and the reader's place holds while an answer streams.
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { APP_URL } from '../support/env';
import { releaseMock } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

const MESSAGES = 500;
/** Far below the 500 messages: what fits a screen plus the few rows kept around it. */
const MAX_ROWS = 40;

const answer = (n: number) =>
  [
    `Answer ${n}: here is how part ${n} works.`,
    '',
    n % 3 === 0
      ? `\`\`\`ts\nconst part${n} = ${n};\nconsole.log(part${n});\n\`\`\``
      : '- one\n- two',
    '',
    `That settles part ${n}.`,
  ].join('\n');

/** A Parley export of one conversation: questions and answers, some with a tool call. */
function seed(title: string) {
  const messages: Record<string, unknown>[] = [];
  let parentId: string | null = null;
  const add = (message: Record<string, unknown>) => {
    const id = `m${messages.length}`;
    messages.push({ id, parentId, ...message });
    parentId = id;
  };
  for (let n = 0; messages.length < MESSAGES; n++) {
    add({ role: 'user', content: `Question ${n}: how does part ${n} work?` });
    if (n % 10 === 5 && messages.length + 3 <= MESSAGES) {
      const call = {
        id: `call_${n}`,
        type: 'function',
        function: { name: 'calculate', arguments: `{"expression":"${n}+1"}` },
      };
      add({ role: 'assistant', content: '', toolCalls: [call], finishReason: 'tool_calls' });
      add({
        role: 'tool',
        toolCallId: call.id,
        content: String(n + 1),
        toolRun: { name: 'calculate', status: 'done', durationMs: 5 },
      });
    }
    add({ role: 'assistant', content: answer(n), finishReason: 'stop' });
  }
  const last = messages.at(-1) as { content: string };
  return {
    body: {
      format: 'parley.archive',
      version: 1,
      conversations: [{ conversation: { id: 'c', title }, activeLeafId: parentId, messages }],
    },
    lastText: last.content.split('\n')[0] ?? '',
  };
}

async function openLongConversation(page: Page) {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const { body, lastText } = seed(`Long ${randomUUID().slice(0, 8)}`);
  const res = await page.request.post('/api/import', {
    headers: { origin: APP_URL, 'content-type': 'application/json' },
    data: body,
  });
  expect(res.status()).toBe(201);
  const { conversations } = (await res.json()) as { conversations: { path: string }[] };
  await chat.goto(conversations[0]?.path ?? '/');
  return { chat, lastText, scroller: page.getByTestId('messages') };
}

/** Top of `locator` relative to the scroll box, in CSS pixels. */
const topIn = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.closest('[data-testid="messages"]');
    return el.getBoundingClientRect().top - (box?.getBoundingClientRect().top ?? 0);
  });

/** Scrolls to the top until the first question is on screen (rows measure on the way). */
async function scrollToFirst(page: Page, scroller: Locator) {
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
      return page.getByText('Question 0: how does part 0 work?').isVisible();
    })
    .toBe(true);
}

/** Wheels down from where the list is until `target` is on screen (rows measure on the way). */
async function wheelUntilVisible(page: Page, scroller: Locator, target: Locator) {
  await scroller.hover();
  await expect
    .poll(async () => {
      if (await target.isVisible()) return true;
      await page.mouse.wheel(0, 500);
      return false;
    })
    .toBe(true);
}

test('a 500-message conversation opens at its end with only the rows on screen in the DOM', async ({
  page,
}) => {
  const { chat, lastText, scroller } = await openLongConversation(page);
  await expect(page.getByText(lastText)).toBeInViewport();
  expect(await chat.allMessages.count()).toBeLessThanOrEqual(MAX_ROWS);
  await expect(page.getByText('Question 0:', { exact: false })).toHaveCount(0);

  // Scrolling to the top shows the first messages, by role and text, and drops the last ones.
  await scrollToFirst(page, scroller);
  await expect(chat.messages('user').first()).toContainText('Question 0:');
  await expect(chat.messages('assistant').first()).toContainText('Answer 0:');
  await expect(page.getByText(lastText)).toHaveCount(0);
  expect(await chat.allMessages.count()).toBeLessThanOrEqual(MAX_ROWS);

  // A few rows down, a tool card with its result.
  const card = page.getByTestId('tool-call').first();
  await wheelUntilVisible(page, scroller, card);
  await expect(card).toHaveAttribute('data-status', 'done');
});

test('a tool card the reader opened is open again when its row scrolls out and back', async ({
  page,
}) => {
  const { scroller } = await openLongConversation(page);
  const card = page.locator('[data-testid="tool-call"][data-tool-call-id="call_5"]');
  const bringCardIntoView = async () => {
    await scrollToFirst(page, scroller);
    await wheelUntilVisible(page, scroller, card);
  };
  await bringCardIntoView();
  await expect(card).toHaveJSProperty('open', false);
  await card.locator('summary').click();
  await expect(card).toHaveJSProperty('open', true);

  // Focus moves on (a row holding focus stays rendered); to the end: the card's row leaves the
  // DOM; back up: it returns as the reader left it.
  await page.getByRole('textbox', { name: 'Message' }).focus();
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(card).toHaveCount(0);
  await bringCardIntoView();
  await expect(card).toHaveJSProperty('open', true);
});

test('the reader keeps their place in a long conversation while an answer streams', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 600 });
  const { chat, scroller } = await openLongConversation(page);
  const k = `k${randomUUID().slice(0, 8)}`;
  await chat.send(`[[mock:pause key=${k} after=200 tokens=1200]] a long answer`);
  await expect(chat.lastAssistant()).toContainText('tok200');

  // Scroll up into rows never shown before: they measure differently from their estimate.
  await scroller.hover();
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -700);
  const jump = page.getByRole('button', { name: /Jump to latest/ });
  await expect(jump).toBeVisible();
  // The question nearest the middle of the screen is the reader's anchor.
  const anchor = await scroller.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const mid = box.top + box.height / 2;
    const users = [...el.querySelectorAll('article[data-role="user"]')];
    const near = users.sort(
      (a, b) =>
        Math.abs(a.getBoundingClientRect().top - mid) -
        Math.abs(b.getBoundingClientRect().top - mid),
    )[0];
    return near?.textContent ?? '';
  });
  expect(anchor).toMatch(/Question \d+:/);
  const question = chat.messages('user').filter({ hasText: anchor });
  const before = await topIn(question);

  await releaseMock(k);
  // The answer is off screen (and, once saved, out of the DOM): the composer says it is done.
  await expect(chat.stopButton).toBeHidden({ timeout: 20_000 });
  // The answer grew by 1,000 tokens below and rows around the reader measured: nothing moved.
  expect(Math.abs((await topIn(question)) - before)).toBeLessThan(4);
  await expect(jump).toBeVisible();

  await jump.click();
  await expect(jump).toBeHidden();
  const answer = await chat.waitForAssistantStatus('complete');
  await expect(answer.getByText(/tok1200/)).toBeInViewport();
});

test('keyboard focus in a row survives scrolling that row out of view', async ({ page }) => {
  const { chat, scroller } = await openLongConversation(page);
  const copy = chat.lastAssistant().getByRole('button', { name: 'Copy message' });
  await copy.focus();
  await expect(copy).toBeFocused();
  await scrollToFirst(page, scroller);
  // The focused row stays in the DOM, so focus is not dropped to the page.
  await expect(copy).toBeFocused();
  expect(await chat.allMessages.count()).toBeLessThanOrEqual(MAX_ROWS);
});
