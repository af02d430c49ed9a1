import { expect, test } from '@playwright/test';
import { DEMO_APP_URL } from '../support/env';
import { ChatPage } from './pages/chat-page';

test('with no provider configured, the labelled offline demo model streams a reply', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  await expect(page.getByText('Demo (offline)').first()).toBeVisible();
  await expect(page.getByText(/OPENAI_BASE_URL/).first()).toBeVisible();

  await chat.send('Hello there, demo!');
  const answer = chat.lastAssistant();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  await expect(answer).toContainText('Hello there, demo!');
  await expect(answer).toContainText('offline demo model');
  await expect(answer.locator('table')).toHaveCount(1);
  await expect(answer.locator('pre code')).toContainText('OPENAI_BASE_URL');
});

test('the demo model calls the built-in tools, shown as cards, with no setup', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  await chat.send('What time is it, and what is 12 * 34?');
  const answer = await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  const cards = answer.getByTestId('tool-call');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).locator('summary')).toContainText('get_current_time');
  await expect(cards.nth(1).locator('summary')).toContainText('calculate');
  await expect(cards.nth(1)).toHaveAttribute('data-status', 'done');
  await expect(answer).toContainText('408');
});
