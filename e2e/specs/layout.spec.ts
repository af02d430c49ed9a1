// Layout at phone, tablet and desktop widths, light and dark: element geometry, not pixels
// (Chromium's pixel output differs between machines; boxes do not).
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_APP_URL } from '../support/env';
import { releaseMock } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator}`);
  return b;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** One line of text: no taller than about one and a half lines of its font. */
async function oneLine(locator: Locator) {
  const { height, lineHeight } = await locator.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight) || 16,
  }));
  const padding = await locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return (
      Number.parseFloat(s.paddingTop) +
      Number.parseFloat(s.paddingBottom) +
      Number.parseFloat(s.borderTopWidth) +
      Number.parseFloat(s.borderBottomWidth)
    );
  });
  expect(height - padding, `${locator} wraps`).toBeLessThan(lineHeight * 1.5);
}

async function expectHeaderFits(page: Page) {
  const header = page.getByRole('banner');
  const badge = header.getByTestId('model-badge');
  await oneLine(badge);
  const controls = header.locator('button:visible, a:visible, select:visible');
  for (const control of await controls.all()) await oneLine(control);
  // The controls, the badge among them, share one row.
  const centers: number[] = [];
  for (const item of [badge, ...(await controls.all())]) {
    const b = await box(item);
    centers.push(b.y + b.height / 2);
  }
  expect(Math.max(...centers) - Math.min(...centers), 'header controls on one row').toBeLessThan(8);
  // The title is readable: its text fits or is cut with an ellipsis, never a sliver.
  const title = header.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  expect((await box(title)).width).toBeGreaterThan(80);
  // Nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 768, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`layout at ${width} px, ${theme}: header, Jump to latest, Edit, toast`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 720 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      const chat = new ChatPage(page);
      await chat.goto('/');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*dark)/);
      await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
        'New chat',
      );
      await expectHeaderFits(page);

      // Two long answers, so the list scrolls.
      await chat.sendAndWait(`[[mock:text tokens=160]] first ${randomUUID().slice(0, 6)}`);
      await chat.sendAndWait('[[mock:text tokens=160]] second');
      await expectHeaderFits(page);

      // Scrolled up: "Jump to latest" sits outside the messages, covering no text.
      const list = page.getByTestId('messages');
      await list.evaluate((el) => el.scrollTo({ top: 0 }));
      const jump = page.getByRole('button', { name: /Jump to latest/ });
      await expect(jump).toBeVisible();
      expect(overlaps(await box(jump), await box(list))).toBe(false);

      // Edit on the first message: the box opens in view, below the header, which stays put.
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(jump).toBeHidden();
      await list.evaluate((el) => el.scrollTo({ top: 200 }));
      await chat.messages('user').first().getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('textbox', { name: 'Edit message' });
      await expect(editor).toBeFocused();
      const header = await box(page.getByRole('banner'));
      expect(header.y).toBe(0);
      const edited = await box(editor);
      const view = await box(list);
      expect(edited.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(edited.y).toBeGreaterThanOrEqual(view.y);
      expect(edited.y + edited.height).toBeLessThanOrEqual(view.y + view.height);
      await page.keyboard.press('Escape');

      // Delete: the toast never covers the message box or its Send button.
      const sidebar = new Sidebar(page);
      if (width < 768) await sidebar.drawerButton.click();
      const row = page.getByTestId('conversation-row').filter({ visible: true }).first();
      await row.hover();
      await row.getByRole('button', { name: /^Delete/ }).click();
      const toast = sidebar.toast;
      await expect(toast).toBeVisible();
      // Deleting the open conversation goes back to a new chat: measure once it is there.
      await expect(page).toHaveURL(/\/$/);
      await expect(chat.composer).toBeVisible();
      await expect(toast).toBeVisible();
      const toastBox = await box(toast);
      expect(overlaps(toastBox, await box(chat.composer))).toBe(false);
      expect(overlaps(toastBox, await box(chat.sendButton))).toBe(false);
    });
  }
}

test('at 375 px the demo badge and New chat share one row and the title is readable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 720 });
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  const header = page.getByRole('banner');
  await expect(header.getByTestId('model-badge')).toHaveText('Demo (offline)');
  await expect(header.getByRole('link', { name: 'New chat' })).toBeVisible();
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('New chat');
  // One row of controls; the title a readable line, not the sliver that looked like a stray "|".
  await expectHeaderFits(page);
});

test('a new conversation is in the sidebar and the header while its first answer streams', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  const sidebar = new Sidebar(page);
  await chat.goto('/');
  const k = `k${randomUUID().slice(0, 8)}`;
  const words = `live title ${k}`;
  await chat.send(`[[mock:pause key=${k} after=2 tokens=6]] ${words}`);
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'streaming');
  await expect(sidebar.row(new RegExp(words))).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toContainText(words);
  await expect(page).toHaveTitle(new RegExp(words));
  // Still the same answer, still streaming: nothing waited for its end.
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'streaming');
  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
});
