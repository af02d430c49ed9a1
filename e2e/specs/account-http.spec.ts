// Accounts over plain http (the Playwright app server): the account dialog says the connection
// is not encrypted; the account works with a session cookie that is not `Secure` (a browser
// drops a `Secure` one on any http host but localhost), and the guest's chat is in it.
// e2e/integration/account-cookies.test.ts covers https and a browser that drops the cookie.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

test('over http the dialog says the connection is not encrypted, and the account works with a cookie that is not Secure', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const token = randomUUID().slice(0, 8);
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=3]] over http ${token}`);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const sidebar = new Sidebar(page);

  await sidebar.root.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await expect(dialog.getByText(/This connection is not encrypted \(http\)/)).toBeVisible();
  const email = `http-${token}@example.com`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('a long enough password');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(sidebar.root.getByRole('button', { name: `Account: ${email}` })).toBeVisible();

  const session = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
  expect(session?.name).toBe('parley.session_token');
  expect(session?.secure).toBe(false);
  await sidebar.rows.first().getByRole('link').click();
  await expect(chat.lastUser()).toContainText(`over http ${token}`);
});
