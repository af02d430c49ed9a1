// Accounts end to end (the Playwright app server): a guest chats and signs up; a second browser
// signs in and sees that conversation; "sign out everywhere" ends the first browser's session
// at its next request. The dialogs at 375 px in the dark theme, and a wrong password in words.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

const PASSWORD = 'a long enough password';

async function fillAuthDialog(page: Page, title: string, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog
    .getByRole('button', { name: title === 'Sign in' ? 'Sign in' : 'Create account' })
    .click();
  return dialog;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id);
}

test('a guest signs up and keeps its chat; another browser signs in and sees it; sign out everywhere ends the first session', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const token = randomUUID().slice(0, 8);
  const email = `ana-${token}@example.com`;
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=3]] account note ${token}`);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const sidebar = new Sidebar(page);
  await expect(sidebar.rows).toHaveCount(1);

  await sidebar.root.getByRole('button', { name: 'Create account' }).click();
  await fillAuthDialog(page, 'Create an account', email, PASSWORD);
  const menu = sidebar.root.getByRole('button', { name: `Account: ${email}` });
  await expect(menu).toBeVisible();
  await expect(sidebar.rows).toHaveCount(1);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherChat = new ChatPage(otherPage);
  await otherChat.goto('/');
  const otherSidebar = new Sidebar(otherPage);
  await expect(otherSidebar.rows).toHaveCount(0);
  await otherSidebar.root.getByRole('button', { name: 'Sign in' }).click();
  const wrong = await fillAuthDialog(otherPage, 'Sign in', email, 'not the password');
  await expect(wrong.getByRole('alert')).toHaveText('Wrong email or password.');
  await wrong.getByLabel('Password').fill(PASSWORD);
  await wrong.getByRole('button', { name: 'Sign in' }).click();
  await expect(otherSidebar.root.getByRole('button', { name: `Account: ${email}` })).toBeVisible();
  await expect(otherSidebar.rows).toHaveCount(1);
  await otherSidebar.rows.first().getByRole('link').click();
  await expect(otherChat.lastUser()).toContainText(`account note ${token}`);

  await otherSidebar.root.getByRole('button', { name: `Account: ${email}` }).click();
  await otherPage.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(otherSidebar.root.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await other.close();

  // The first browser still has its cookie; its next request finds the session gone.
  const status = await page.request.get('/api/account');
  expect(((await status.json()) as { account: unknown }).account).toBeNull();
  await page.reload();
  await expect(sidebar.root.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(sidebar.rows).toHaveCount(0);
});

test('the sign-in dialog at 375 px in the dark theme, keyboard only', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 720 },
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  const chat = new ChatPage(page);
  await chat.goto('/');
  const sidebar = new Sidebar(page);
  await sidebar.drawerButton.click();
  const signIn = sidebar.root.getByRole('button', { name: 'Sign in' });
  await signIn.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});
