import { expect, test } from '@playwright/test';
import { releaseMock } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

// Two tabs on one conversation: while the first one's answer is being written, the second one's
// send is refused by the server (409, decided by the database), said in words, and the text the
// user typed stays in the composer.

test('a second tab sending while an answer is written is told so and keeps its text', async ({
  context,
}) => {
  test.setTimeout(60_000);
  const first = new ChatPage(await context.newPage());
  await first.goto('/');
  await first.sendAndWait('[[mock:text tokens=2]] first question');
  await expect(first.page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  // The second tab opens the conversation while it is idle.
  const second = new ChatPage(await context.newPage());
  await second.goto(first.page.url());
  await expect(second.lastAssistant()).toHaveAttribute('data-status', 'complete');

  const key = `two-tabs-${crypto.randomUUID().slice(0, 8)}`;
  await first.send(`[[mock:pause key=${key} after=1]] a long answer`);
  await first.waitForAssistantStatus('streaming');

  const typed = 'my carefully typed follow-up';
  await second.send(typed);
  await expect(
    second.page
      .getByRole('alert')
      .filter({ hasText: 'An answer is still being written in this conversation' }),
  ).toBeVisible();
  await expect(second.composer).toHaveValue(typed);
  await expect(second.messages('user')).toHaveCount(1);

  await releaseMock(key);
  await first.waitForAssistantStatus('complete');
  // Once the first answer is done, the kept text sends normally.
  await second.page.reload();
  await expect(second.composer).toHaveValue(typed);
  await expect(second.messages('assistant')).toHaveCount(2);
});
