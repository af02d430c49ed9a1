// Attaching files in the composer. The contract the UI implements: an "Attach files" button
// opening a file chooser, and an "Attached files" list of what will be sent.
import type { Page } from '@playwright/test';

export type FileInput = { name: string; mimeType: string; buffer: Buffer };

/** What the composer will send with the next message. */
export const tray = (page: Page) =>
  page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');

/** Attaches through the real button and the file chooser it opens. */
export async function attachByButton(page: Page, files: FileInput[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}
