import { randomUUID } from 'node:crypto';
import { expect, type Locator, test } from '@playwright/test';
import { releaseMock, waitForMockRequest } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

const key = () => `k${randomUUID().slice(0, 8)}`;

async function cardStates(cards: Locator) {
  return cards.evaluateAll((els) =>
    els.map((el) => ({
      status: el.getAttribute('data-status'),
      summary: el.querySelector('summary')?.textContent?.replace(/\d+(\.\d+)?\s*m?s/g, '#'),
      body: el.textContent?.replace(/\d+(\.\d+)?\s*m?s/g, '#'),
    })),
  );
}

test('parallel tool calls stream as cards, run, and the answer follows; a reload shows the same cards', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const k = key();
  await chat.send(
    `[[mock:tools calls=2 split=8 pause=${k} names=get_current_time,calculate]] time and sum?`,
  );
  const answer = chat.lastAssistant();
  const cards = answer.getByTestId('tool-call');

  // Paused in the middle of the first call's arguments.
  await expect(cards).toHaveCount(1);
  const first = cards.first();
  await expect(first).toHaveAttribute('data-status', 'streaming');
  await expect(first.locator('summary')).toContainText('get_current_time');
  await first.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await expect(first).toContainText('"timezone"');

  await releaseMock(k);
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(cards.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(cards.nth(1).locator('summary')).toContainText('calculate');
  // Opened while streaming, still open after the card's updates.
  await expect(first).toHaveAttribute('open', '');
  await expect(first).toContainText('Europe/Paris');

  // Keyboard: close the first, open the second.
  await first.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(first).not.toHaveAttribute('open', '');
  await cards.nth(1).locator('summary').focus();
  await page.keyboard.press('Space');
  await expect(cards.nth(1)).toHaveAttribute('open', '');
  await expect(cards.nth(1)).toContainText('2+2');
  await expect(cards.nth(1)).toContainText('4');

  await chat.waitForAssistantStatus('complete');
  await expect(answer).toContainText('Tool results:');
  await expect(chat.messages('assistant')).toHaveCount(1);

  const before = await cardStates(cards);
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('tool-call')).toHaveCount(2);
  expect(await cardStates(chat.lastAssistant().getByTestId('tool-call'))).toEqual(before);
});

test('a failing tool shows an error card and the model is told', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send(`[[mock:tools calls=1 names=calculate]] ${key()}`);
  const answer = await chat.waitForAssistantStatus('complete');
  const card = answer.getByTestId('tool-call');
  await expect(card).toHaveAttribute('data-status', 'error');
  // The reason is in the header, without opening the card.
  await expect(card.getByTestId('tool-reason')).toContainText('Invalid arguments for calculate');
  await expect(answer).toContainText('Tool results:');
});

test('a tool Parley does not have: the card says why in its header, the model answers in words', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  // The mock calls get_time (no such tool here) and calculate with arguments it rejects.
  await chat.send(`[[mock:tools calls=2]] ${key()}`);
  const answer = await chat.waitForAssistantStatus('complete');
  const cards = answer.getByTestId('tool-call');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-status', 'not_executed');
  await expect(cards.nth(0).locator('summary')).toContainText('no tool named “get_time”');
  await expect(cards.nth(0)).not.toHaveAttribute('open', '');
  // The model got the reason as the tool result and answered after it.
  await expect(answer).toContainText('Tool results:');
  await expect(answer).toContainText('Answer without it.');
});

test('a tool that needs approval waits for Approve or Deny', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send(`[[mock:tools calls=1 names=convert_units]] ${key()}`);
  const card = chat.lastAssistant().getByTestId('tool-call');
  await expect(card).toHaveAttribute('data-status', 'awaiting_approval');
  await expect(chat.sendButton).toBeVisible();
  await card.getByRole('button', { name: 'Deny' }).click();
  await expect(card).toHaveAttribute('data-status', 'denied');
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant()).toContainText('denied');
  await page.reload();
  await expect(chat.lastAssistant().getByTestId('tool-call')).toHaveAttribute(
    'data-status',
    'denied',
  );
});

test('the tools menu turns tools off for the conversation', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await page.getByRole('button', { name: /^Tools/ }).click();
  const calc = page.getByRole('checkbox', { name: /calculate/ });
  await expect(calc).toBeChecked();
  // People read a short line; the model's long description is not shown.
  const menu = page.getByRole('group', { name: /tools/i });
  await expect(menu).toContainText('Exact arithmetic');
  await expect(menu).not.toContainText('instead of doing math in your head');
  await calc.uncheck();
  await page.keyboard.press('Escape');
  const marker = `[[mock:text tokens=2]] ${key()}`;
  await chat.send(marker);
  await chat.waitForAssistantStatus('complete');
  const sent = await waitForMockRequest((r) => JSON.stringify(r.body).includes(marker));
  const names = ((sent.body as { tools?: { function: { name: string } }[] }).tools ?? []).map(
    (t) => t.function.name,
  );
  expect(names).toContain('get_current_time');
  expect(names).not.toContain('calculate');

  await page.reload();
  await page.getByRole('button', { name: /^Tools/ }).click();
  await expect(page.getByRole('checkbox', { name: /calculate/ })).not.toBeChecked();
});
