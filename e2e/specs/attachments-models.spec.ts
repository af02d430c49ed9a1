import { expect, test } from '@playwright/test';
import { PNG_1X1 } from '../support/attachment-fixtures';
import { DEMO_APP_URL } from '../support/env';
import { attachByButton, tray } from './pages/attach';
import { ChatPage } from './pages/chat-page';

// What the picked model can do with attachments: the offline demo model sees images and
// describes them (so the feature works without a provider); a model without vision is named as
// such on the attach button.

test('the offline demo model describes an attached image and the first lines of a text file', async ({
  page,
}) => {
  // The demo server's first page and answer can be slow on a busy machine.
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  const button = page.getByRole('button', { name: 'Attach files' });
  await expect(button).toHaveAttribute('title', 'Attach images, PDFs or text files');
  await attachByButton(page, [
    { name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 },
    {
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('first line here\nsecond line\n'),
    },
  ]);
  // Both listed first: "none uploading" alone also holds before the tray shows the files.
  await expect(tray(page)).toHaveCount(2);
  await expect(tray(page).filter({ hasText: 'Uploading' })).toHaveCount(0);
  await chat.send('What did I attach?');
  const answer = await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  await expect(answer).toContainText('You attached:');
  await expect(answer).toContainText('dot.png: image/png, 1×1 pixels, 70 B');
  await expect(answer).toContainText('notes.md starts with:');
  await expect(answer).toContainText('first line here');
});

test('the attach button says when the picked model cannot see images', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  // The e2e model (mock-model) is not a known vision model and PROVIDERS does not mark it.
  const button = page.getByRole('button', { name: 'Attach files' });
  const why = 'This model cannot see images: attached images are sent as a short description.';
  await expect(button).toHaveAttribute('title', why);
  await expect(button).toHaveAccessibleDescription(why);
});
