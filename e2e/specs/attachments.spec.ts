import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { imageSize } from 'image-size';
import { HTML_SCRIPT, PNG_1X1, SVG_SCRIPT } from '../support/attachment-fixtures';
import { attachByButton, tray } from './pages/attach';
import { ChatPage } from './pages/chat-page';
import { ShareDialog, SharedPage } from './pages/share-page';

// Attachments in the browser: attach by button, drop and paste; what a message shows after a
// reload; export, share with and without files; another guest and deletion get 404.

/** Drops a file on the chat, as a drag from the desktop would. */
async function dropFile(page: Page, target: Locator, name: string, type: string, base64: string) {
  const transfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { name, type, base64 },
  );
  for (const event of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(event, { dataTransfer: transfer });
  }
}

/** Pastes an image into the message box, as copying a screenshot would. */
async function pasteImage(page: Page, base64: string) {
  await page.getByRole('textbox', { name: 'Message' }).evaluate((box, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, base64);
}

async function imageLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function newVisitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

const png = PNG_1X1.toString('base64');

test('attach by button, drop and paste; the files survive a reload, export, sharing and deletion', async ({
  page,
  browser,
}) => {
  // One journey through every place a file goes: many page loads and two browser contexts.
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  await chat.goto('/');

  await attachByButton(page, [
    { name: 'button.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\nfirst line\n') },
    { name: 'drop-me.txt', mimeType: 'text/plain', buffer: Buffer.from('removed before sending') },
  ]);
  await expect(tray(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove drop-me.txt' }).click();
  await expect(tray(page)).toHaveCount(2);

  await dropFile(page, page.getByTestId('messages'), 'dropped.png', 'image/png', png);
  await expect(tray(page)).toHaveCount(3);
  await pasteImage(page, png);
  await expect(tray(page)).toHaveCount(4);
  await expect(tray(page).filter({ hasText: 'Uploading' })).toHaveCount(0);

  await chat.sendAndWait('What is in these files?');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(tray(page)).toHaveCount(0);
  const conversationId = page.url().split('/').at(-1) as string;

  await page.reload();
  const attachments = chat.lastUser().getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByRole('listitem')).toHaveCount(4);
  await expect(attachments.getByRole('link', { name: /notes\.md/ })).toBeVisible();
  const thumb = attachments.getByRole('button', { name: 'Open image button.png' });
  await imageLoaded(thumb.getByRole('img'));

  // Enlarge from the keyboard; Escape closes and focus returns.
  await thumb.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'button.png' });
  await expect(dialog).toBeVisible();
  await imageLoaded(dialog.getByRole('img', { name: 'button.png' }));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(thumb).toBeFocused();

  const src = (await thumb.getByRole('img').getAttribute('src')) as string;
  const own = await page.request.get(src);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/png');
  expect(own.headers()['x-content-type-options']).toBe('nosniff');

  // Another guest: 404, not 403.
  const stranger = await newVisitor(browser);
  await stranger.page.goto('/');
  expect((await stranger.page.request.get(src)).status()).toBe(404);

  // Exports: JSON carries the bytes, Markdown a note.
  const json = await (
    await page.request.get(`/api/conversations/${conversationId}/export?format=json`)
  ).json();
  const exported = json.messages.find((m: { role: string }) => m.role === 'user').attachments;
  expect(exported.map((a: { name: string }) => a.name)).toEqual([
    'button.png',
    'notes.md',
    'dropped.png',
    'image.png',
  ]);
  expect(exported[0].dataBase64).toBe(png);
  const markdown = await (
    await page.request.get(`/api/conversations/${conversationId}/export?format=md`)
  ).text();
  expect(markdown).toContain('- Attached: button\\.png (image/png, 1×1, 70 B;');

  // A link without attachments (the default) shows none and serves none.
  const share = new ShareDialog(page);
  await share.open();
  const includeBox = share.dialog.getByRole('checkbox', { name: /Include attachments/ });
  await expect(includeBox).not.toBeChecked();
  const plainUrl = await share.create();
  const attachmentId = src.split('/').at(-1) as string;
  const plainId = SharedPage.idOf(plainUrl);
  const visitor = new SharedPage(stranger.page);
  await visitor.goto(plainUrl);
  await expect(visitor.messages.first()).toContainText('What is in these files?');
  await expect(stranger.page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
  expect(
    (
      await stranger.page.request.get(`/api/shares/${plainId}/attachments/${attachmentId}`)
    ).status(),
  ).toBe(404);

  // The choice stays on the dialog once the link exists; changing it updates the snapshot.
  await expect(includeBox).toBeVisible();
  await expect(includeBox).not.toBeChecked();
  await includeBox.check();
  await expect(share.dialog.getByText(/with its attachments\.$/)).toBeVisible();
  await expect(includeBox).toBeChecked();
  await visitor.goto(plainUrl);
  await expect(
    stranger.page.getByRole('list', { name: 'Attachments' }).getByRole('listitem'),
  ).toHaveCount(4);
  expect(
    (
      await stranger.page.request.get(`/api/shares/${plainId}/attachments/${attachmentId}`)
    ).status(),
  ).toBe(200);
  await includeBox.uncheck();
  await expect(share.dialog.getByText(/without attachments\.$/)).toBeVisible();
  await visitor.goto(plainUrl);
  await expect(visitor.messages.first()).toContainText('What is in these files?');
  await expect(stranger.page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
  await share.revoke();

  // With attachments ticked, the visitor sees and opens them.
  await includeBox.check();
  const withUrl = await share.create();
  await visitor.goto(withUrl);
  const shared = stranger.page.getByRole('list', { name: 'Attachments' });
  await expect(shared.getByRole('listitem')).toHaveCount(4);
  await imageLoaded(shared.getByRole('button', { name: 'Open image button.png' }).getByRole('img'));
  await stranger.context.close();

  // Deleting the conversation deletes the files.
  // The app's own requests carry its origin; the route guard refuses any other.
  const res = await page.request.delete(`/api/conversations/${conversationId}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
  expect((await page.request.get(src)).status()).toBe(404);
});

// Names that would run script if any part of the page rendered them as HTML.
const XSS_NAMES = [
  '<img src=x onerror="window.__xss=1">.png',
  '"><svg onload=window.__xss=1>.png',
  "javascript:window.__xss=1//'.png",
  '<script>window.__xss=1</script>.txt',
];

test('hostile file names stay text, and SVG or HTML posing as images is refused', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await attachByButton(
    page,
    XSS_NAMES.map((name) => ({
      name,
      mimeType: name.endsWith('.txt') ? 'text/plain' : 'image/png',
      buffer: name.endsWith('.txt') ? Buffer.from('text') : PNG_1X1,
    })),
  );
  await expect(tray(page)).toHaveCount(XSS_NAMES.length);
  await chat.sendAndWait('names');
  await page.reload();
  const list = chat.lastUser().getByRole('list', { name: 'Attachments' });
  await expect(list.getByRole('listitem')).toHaveCount(XSS_NAMES.length);
  await expect(list.getByRole('link', { name: /<script>/ })).toBeVisible();
  await list.getByRole('button').first().click();
  await expect(page.getByRole('dialog', { name: XSS_NAMES[0] })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main svg[onload], img[src="x"]')).toHaveCount(0);

  // Disguised images are refused with a message naming the file; nothing is attached.
  await attachByButton(page, [{ name: 'cat.png', mimeType: 'image/png', buffer: SVG_SCRIPT }]);
  await expect(
    page.getByRole('alert').filter({ hasText: 'is not a PNG, JPEG, WebP or GIF image' }),
  ).toBeVisible();
  await expect(tray(page)).toHaveCount(0);

  // An HTML page attached as a text file is only ever a download, never a page.
  const direct = await page.request.post('/api/attachments?name=page.html', {
    headers: { 'content-type': 'application/octet-stream', origin: new URL(page.url()).origin },
    data: HTML_SCRIPT,
  });
  const { attachment } = await direct.json();
  const served = await page.request.get(`/api/attachments/${attachment.id}`);
  expect(served.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(served.headers()['content-disposition']).toMatch(/^attachment;/);
  await page.goto(`/api/attachments/${attachment.id}`).catch(() => undefined);
  expect(await page.evaluate(() => document.title)).not.toBe('pwned');
});

test('the browser checks the limits first, naming the one broken', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  // 4 MB per file by default; a text file cannot be downscaled.
  await attachByButton(page, [
    { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(5 * 1024 * 1024, 'a') },
  ]);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '“huge.txt” is 5.0 MB; each file can be at most 4.0 MB.' }),
  ).toBeVisible();
  await expect(tray(page)).toHaveCount(0);
});

test('a text file trimmed to the context window says so on the message', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  // The e2e model has the default 8,192-token window: a file gets at most 16,384 characters.
  await attachByButton(page, [
    { name: 'long.txt', mimeType: 'text/plain', buffer: Buffer.from('z'.repeat(40_000)) },
    { name: 'short.txt', mimeType: 'text/plain', buffer: Buffer.from('fits') },
  ]);
  await expect(tray(page)).toHaveCount(2);
  await expect(tray(page).filter({ hasText: 'Uploading' })).toHaveCount(0);
  await chat.sendAndWait('summarise');
  const note =
    "Trimmed to fit the model's context window: it was sent the first 8,192 of 40,000 characters.";
  const files = chat.lastUser().getByRole('list', { name: 'Attachments' });
  await expect(files.getByRole('link', { name: /long\.txt/ })).toContainText(note);
  await page.reload();
  await expect(files.getByRole('link', { name: /long\.txt/ })).toContainText(note);
  await expect(files.getByRole('link', { name: /short\.txt/ })).not.toContainText('Trimmed');
});

/** An APP1 block: EXIF orientation 6 (turn 90° clockwise) and a GPS position in plain text. */
function exifRotatedWithGps(): Buffer {
  const payload = Buffer.concat([
    Buffer.from('Exif\0\0', 'binary'),
    // Little-endian TIFF header, first IFD at 8.
    Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]),
    // One entry: Orientation (0x0112), SHORT, count 1, value 6; no next IFD.
    Buffer.from([
      0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00,
    ]),
    Buffer.from([0x00, 0x00, 0x00, 0x00]),
    Buffer.from('GPSLatitude 48.8584 N GPSLongitude 2.2945 E', 'binary'),
  ]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

test('a photo is uploaded upright with its location metadata gone', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  // A 64×32 JPEG made by the browser, then marked "rotate 90°" with a GPS block spliced in.
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(64, 32);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.fillStyle = '#c00';
    context.fillRect(0, 0, 64, 32);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
  });
  const plain = Buffer.from(base64, 'base64');
  const photo = Buffer.concat([plain.subarray(0, 2), exifRotatedWithGps(), plain.subarray(2)]);
  expect(imageSize(new Uint8Array(photo))).toMatchObject({ width: 64, height: 32, orientation: 6 });

  const uploaded = page.waitForResponse(
    (r) => r.url().includes('/api/attachments?') && r.request().method() === 'POST',
  );
  await attachByButton(page, [{ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  const { attachment } = await (await uploaded).json();
  expect(attachment).toMatchObject({ mediaType: 'image/jpeg', width: 32, height: 64 });
  const stored = Buffer.from(
    await (await page.request.get(`/api/attachments/${attachment.id}`)).body(),
  );
  // Turned in the pixels themselves, and no metadata left to turn it again or to locate it.
  const size = imageSize(new Uint8Array(stored));
  expect({ width: size.width, height: size.height, orientation: size.orientation }).toEqual({
    width: 32,
    height: 64,
    orientation: undefined,
  });
  expect(stored.includes(Buffer.from('Exif\0\0', 'binary'))).toBe(false);
  expect(stored.includes(Buffer.from('GPSLatitude'))).toBe(false);
});
