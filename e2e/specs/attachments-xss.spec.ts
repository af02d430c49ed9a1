import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PNG_1X1 } from '../support/attachment-fixtures';
import { xssLines } from '../support/xss-corpus';
import { expectInert, watch } from '../support/xss-watch';
import { attachByButton, type FileInput, tray } from './pages/attach';
import { ChatPage } from './pages/chat-page';
import { ShareDialog } from './pages/share-page';

// The shared XSS corpus as attachment file names, on every surface a name appears: the
// composer's tray, the message (thumbnail, link, enlarged image), the exports and the shared
// page with its attachments, with and without JavaScript. The canary must see nothing.

/** Every one-line payload, packed into names of at most ~240 characters, images and text. */
function hostileFiles(): FileInput[] {
  const names: string[] = [];
  let name = '';
  for (const line of xssLines(200)) {
    if (name && name.length + line.length > 236) {
      names.push(name);
      name = '';
    }
    name = name ? `${name} ${line}` : line;
  }
  if (name) names.push(name);
  return names.map((n, i) =>
    i % 2 === 0
      ? { name: `${n}.png`, mimeType: 'image/png', buffer: PNG_1X1 }
      : { name: `${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`file ${i}`) },
  );
}

// The e2e app allows 8 files per message (ATTACHMENT_MAX_FILES default).
const PER_MESSAGE = 8;

test('the XSS corpus as file names stays inert in the composer, messages, exports and shared page', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const canary = await watch(context);
  const chat = new ChatPage(page);
  await chat.goto('/');
  const files = hostileFiles();
  expect(files.length).toBeGreaterThan(PER_MESSAGE);

  for (let at = 0; at < files.length; at += PER_MESSAGE) {
    const batch = files.slice(at, at + PER_MESSAGE);
    await attachByButton(page, batch);
    await expect(tray(page)).toHaveCount(batch.length);
    await expect(tray(page).filter({ hasText: 'Uploading' })).toHaveCount(0);
    // The names are shown as text in the tray, the remove buttons named after them.
    await expect(
      page.getByRole('button', { name: `Remove ${batch[0]?.name}`, exact: true }),
    ).toBeVisible();
    await expectInert(page, canary, `composer tray, files ${at}+`);
    await chat.sendAndWait(`names ${at}`);
    await expectInert(page, canary, `sent message, files ${at}+`);
  }

  await page.reload();
  const lists = page.getByRole('list', { name: 'Attachments' });
  await expect(lists).toHaveCount(Math.ceil(files.length / PER_MESSAGE));
  await expect(lists.getByRole('listitem')).toHaveCount(files.length);
  const text = files[1]?.name as string;
  await expect(lists.getByRole('link', { name: text })).toBeVisible();
  await expectInert(page, canary, 'messages after reload');

  const image = files[0]?.name as string;
  await lists.getByRole('button', { name: `Open image ${image}`, exact: true }).click();
  await expect(page.getByRole('dialog', { name: image })).toBeVisible();
  await expectInert(page, canary, 'enlarged image');
  await page.keyboard.press('Escape');

  // Exports are downloads holding the names as data, never pages of this origin.
  const conversationUrl = page.url();
  const id = conversationUrl.split('/c/')[1];
  for (const [label, format] of [
    ['Export as Markdown', 'md'],
    ['Export as JSON', 'json'],
  ] as const) {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: label }).click(),
    ]);
    const saved = await readFile(await download.path(), 'utf8');
    // Markdown escapes the names (\_\_xss\(1\)); JSON keeps them exactly.
    expect(saved).toContain(format === 'md' ? 'xsscorpus \\<script\\>' : '__xss(');
    if (format === 'json') {
      const names = JSON.parse(saved).messages.flatMap((m: { attachments?: { name: string }[] }) =>
        (m.attachments ?? []).map((a) => a.name),
      );
      expect(names).toEqual(files.map((f) => f.name));
    }
    expect(page.url()).toBe(conversationUrl);
    const res = await page.request.get(`/api/conversations/${id}/export?format=${format}`);
    expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers()['content-type']).not.toMatch(/html|xml|svg/);
  }
  await expectInert(page, canary, 'after exports');

  const share = new ShareDialog(page);
  await share.open();
  await share.dialog.getByRole('checkbox', { name: /Include attachments/ }).check();
  const shareUrl = await share.create();
  const visitor = await context.newPage();
  await visitor.goto(shareUrl);
  const shared = visitor.getByRole('list', { name: 'Attachments' });
  await expect(shared.getByRole('listitem')).toHaveCount(files.length);
  await expect(shared.getByRole('link', { name: text })).toBeVisible();
  await expectInert(visitor, canary, 'shared page');
  await shared.getByRole('button', { name: `Open image ${image}`, exact: true }).click();
  await expect(visitor.getByRole('dialog', { name: image })).toBeVisible();
  await expectInert(visitor, canary, 'shared page, enlarged image');

  // Without JavaScript only HTML could act: it must hold nothing that loads or runs.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const noJsCanary = await watch(noJs);
  const reader = await noJs.newPage();
  await reader.goto(shareUrl);
  await expect(reader.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(
    files.length,
  );
  await expectInert(reader, noJsCanary, 'shared page without JavaScript');
  await noJs.close();
});
