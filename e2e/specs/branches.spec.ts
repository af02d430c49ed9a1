import { randomUUID } from 'node:crypto';
import { expect, type Locator, test } from '@playwright/test';
import { lastUserText, releaseMock, waitForMockRequest } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

const tag = () => randomUUID().slice(0, 8);

/** The "‹ n/m ›" control of a message. */
const versions = (message: Locator) => message.getByRole('group', { name: /^Version \d+ of \d+$/ });

test('editing a message makes a new version; the old one, with its answers, is one click away', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  const t = tag();
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:echo]] first ${t}`);
  await chat.sendAndWait(`[[mock:echo]] second ${t}`);
  await expect(chat.messages('user')).toHaveCount(2);

  const first = chat.messages('user').first();
  await first.getByRole('button', { name: 'Edit' }).click();
  const editor = first.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue(`[[mock:echo]] first ${t}`);
  // Escape gives up; nothing is sent.
  await editor.press('Escape');
  await expect(editor).toBeHidden();
  await expect(first).toContainText(`first ${t}`);

  await first.getByRole('button', { name: 'Edit' }).click();
  const edited = `[[mock:echo]] first, edited ${t}`;
  await editor.fill(edited);
  await editor.press('Enter');

  // The new version replaces the old branch on screen: later messages leave with it.
  await chat.waitForAssistantStatus('complete');
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.lastUser()).toContainText(edited);
  await expect(chat.lastAssistant()).toContainText(`first, edited ${t}`);
  await expect(versions(chat.lastUser())).toHaveText(/2\/2/);
  // The model was sent the edited message alone.
  const sent = await waitForMockRequest((r) => lastUserText(r) === edited);
  expect((sent.body as { messages: unknown[] }).messages).toHaveLength(1);

  // Back to version 1: the old text and the old answers.
  await chat.lastUser().getByRole('button', { name: 'Previous version' }).click();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(chat.messages('user').first()).toContainText(`[[mock:echo]] first ${t}`);
  await expect(chat.messages('assistant').first()).toContainText(`first ${t}`);
  await expect(chat.lastAssistant()).toContainText(`second ${t}`);
  await expect(versions(chat.messages('user').first())).toHaveText(/1\/2/);

  // The choice is saved: a reload shows the same branch.
  await page.reload();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(versions(chat.messages('user').first())).toHaveText(/1\/2/);
  await expect(chat.lastAssistant()).toContainText(`second ${t}`);

  await chat.messages('user').first().getByRole('button', { name: 'Next version' }).click();
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.lastUser()).toContainText(edited);
  await expect(versions(chat.lastUser())).toHaveText(/2\/2/);
});

test('Regenerate adds a second answer; both stay reachable, and reload keeps the choice', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  const t = tag();
  const key = `k${t}`;
  await chat.goto('/');
  // The first answer is stopped early, so the two versions differ.
  await chat.send(`[[mock:pause key=${key} after=2 tokens=5]] tell me ${t}`);
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await chat.stopButton.click();
  await chat.waitForAssistantStatus('interrupted');

  await chat.lastAssistant().getByRole('button', { name: 'Regenerate' }).click();
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'streaming');
  await expect(chat.messages('assistant')).toHaveCount(1);
  // Nothing else can change the branch while the answer is written.
  await expect(chat.lastUser().getByRole('button', { name: 'Edit' })).toBeDisabled();
  await releaseMock(key);
  await chat.waitForAssistantStatus('complete');
  const answer = chat.lastAssistant();
  await expect(answer).toContainText('tok1 tok2 tok3 tok4 tok5');
  await expect(versions(answer)).toHaveText(/2\/2/);
  await expect(chat.lastUser().getByRole('button', { name: 'Edit' })).toBeEnabled();

  await answer.getByRole('button', { name: 'Previous version' }).click();
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'interrupted');
  await expect(chat.lastAssistant()).not.toContainText('tok3');
  await expect(versions(chat.lastAssistant())).toHaveText(/1\/2/);

  await page.reload();
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'interrupted');
  await expect(versions(chat.lastAssistant())).toHaveText(/1\/2/);

  await chat.lastAssistant().getByRole('button', { name: 'Next version' }).click();
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant()).toContainText('tok5');
  await expect(versions(chat.lastAssistant())).toHaveText(/2\/2/);
  await expect(chat.messages('assistant')).toHaveCount(1);
});
