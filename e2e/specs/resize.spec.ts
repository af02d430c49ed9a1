// Narrowing the window from a laptop to a phone (1280 → 390 px) keeps what the reader had: an
// open dialog stays open with what was typed, and a chat that was following the latest message
// still follows it.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { releaseMock } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test('an open Create account dialog stays open, with what was typed, from 1280 to 390 px and back', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const chat = new ChatPage(page);
  await chat.goto('/');
  await new Sidebar(page).root.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('resize@example.com');

  await page.setViewportSize(PHONE);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('resize@example.com');
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

  await page.setViewportSize(WIDE);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('resize@example.com');
});

test('a chat following the latest message still follows it after narrowing to 390 px', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const chat = new ChatPage(page);
  await chat.goto('/');
  const scroller = page.getByTestId('messages');
  const atBottom = () =>
    scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 48);
  const key = `resize-${randomUUID().slice(0, 8)}`;
  await chat.send(`[[mock:pause key=${key} after=300 tokens=900]] a long answer`);
  await expect(chat.lastAssistant()).toContainText('tok300');
  await expect.poll(atBottom).toBe(true);

  // Narrowed mid-answer, in steps as a dragged window edge does.
  for (const width of [1024, 800, 600, 390]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await expect.poll(atBottom, { message: `at ${width} px` }).toBe(true);
  }
  await expect(page.getByRole('button', { name: /Jump to latest/ })).toBeHidden();

  await releaseMock(key);
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant()).toContainText('tok900');
  await expect.poll(atBottom).toBe(true);
  await expect(page.getByRole('button', { name: /Jump to latest/ })).toBeHidden();
});
