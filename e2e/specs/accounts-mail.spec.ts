// Accounts with mail, end to end in Chromium: the demo server sends its account mail to a real
// SMTP server on loopback (e2e/smtp-catcher, read through its control port) and lets only
// confirmed @example.com addresses chat. Sign up → the mail → its link → confirmed → chat;
// "Forgot password?" → the mail → a new password → the other browser is signed out; changing the
// password on the account page signs the other browser out.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_APP_URL, MAIL_CONTROL_URL } from '../support/env';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

const PASSWORD = 'a long enough password';

interface Mail {
  subject: string;
  links: string[];
}

/** The `count`th mail to `email` (waits for it). */
async function mailTo(page: Page, email: string, count = 1): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `${MAIL_CONTROL_URL}/mails?to=${encodeURIComponent(email)}`,
      );
      mails = (await res.json()) as Mail[];
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  const mail = mails[count - 1];
  if (!mail) throw new Error(`no mail #${count} to ${email}`);
  return mail;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: DEMO_APP_URL });
  return context.newPage();
}

async function signInDialog(
  page: Page,
  title: 'Sign in' | 'Create account',
  email: string,
  password: string,
) {
  const sidebar = new Sidebar(page);
  await sidebar.root.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', {
    name: title === 'Sign in' ? 'Sign in' : 'Create an account',
  });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: title }).click();
  return dialog;
}

/** A confirmed account, signed in on `page` by following its link. */
async function confirmedAccount(page: Page): Promise<string> {
  const email = `m-${randomUUID().slice(0, 8)}@example.com`;
  const res = await page.request.post('/api/account/sign-up', {
    data: { email, password: PASSWORD },
    headers: { origin: DEMO_APP_URL },
  });
  expect(res.status()).toBe(202);
  const mail = await mailTo(page, email);
  await page.goto(mail.links[0] ?? '');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your email address is confirmed.',
  );
  return email;
}

test('sign up → the mail arrives → its link confirms the address → chat', async ({ browser }) => {
  test.setTimeout(90_000);
  const email = `ana-${randomUUID().slice(0, 8)}@example.com`;
  const page = await newPage(browser);
  await new ChatPage(page).goto('/');
  const dialog = await signInDialog(page, 'Create account', email, PASSWORD);
  await expect(dialog.getByRole('status')).toContainText(`Check your inbox: a mail to ${email}`);

  // Signed in before confirming (another browser): told to confirm, and chatting is refused.
  const early = await newPage(browser);
  await new ChatPage(early).goto('/');
  await mailTo(early, email);
  await signInDialog(early, 'Sign in', email, PASSWORD);
  const earlySidebar = new Sidebar(early);
  await expect(
    earlySidebar.root.getByRole('link', { name: 'Confirm your email address to chat' }),
  ).toBeVisible();
  const earlyChat = new ChatPage(early);
  await earlyChat.send('hello before confirming');
  await expect(early.getByText(/Confirm your email address first/)).toBeVisible();

  const mail = await mailTo(page, email);
  expect(mail.subject).toBe('Confirm your e-mail address for Parley');
  await page.goto(mail.links[0] ?? '');
  await expect(page).toHaveURL(/\/account\?verified=1$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your email address is confirmed.',
  );
  await expect(page.getByText(`${email} (confirmed)`)).toBeVisible();
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait('hello after confirming');
  await expect(
    new Sidebar(page).root.getByRole('button', { name: `Account: ${email}` }),
  ).toBeVisible();
});

test('forgot password → the mail → a new password; the other browser is signed out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const first = await newPage(browser);
  const email = await confirmedAccount(first);
  const other = await newPage(browser);
  await new ChatPage(other).goto('/');
  await signInDialog(other, 'Sign in', email, PASSWORD);
  await expect(
    new Sidebar(other).root.getByRole('button', { name: `Account: ${email}` }),
  ).toBeVisible();

  const forgetful = await newPage(browser);
  await forgetful.goto('/sign-in');
  await forgetful.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(forgetful.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await forgetful.getByLabel('Email').fill(email);
  await forgetful.getByRole('button', { name: 'Send me a link' }).click();
  await expect(forgetful.getByRole('main').getByRole('status')).toContainText('Check your inbox');
  const mail = await mailTo(forgetful, email, 2);
  expect(mail.subject).toBe('Choose a new Parley password');
  await forgetful.goto(mail.links[0] ?? '');
  await forgetful.getByLabel('New password').fill('my brand new password');
  await forgetful.getByRole('button', { name: 'Set the new password' }).click();
  await expect(forgetful.getByRole('main').getByRole('status')).toContainText(
    'Your password is changed',
  );

  await other.reload();
  const otherSidebar = new Sidebar(other);
  await expect(otherSidebar.root.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await signInDialog(other, 'Sign in', email, 'my brand new password');
  await expect(otherSidebar.root.getByRole('button', { name: `Account: ${email}` })).toBeVisible();
});

test('changing the password on the account page signs the other browser out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await newPage(browser);
  const email = await confirmedAccount(page);
  const other = await newPage(browser);
  await new ChatPage(other).goto('/');
  await signInDialog(other, 'Sign in', email, PASSWORD);
  await expect(
    new Sidebar(other).root.getByRole('button', { name: `Account: ${email}` }),
  ).toBeVisible();

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'How you sign in' })).toBeVisible();
  await expect(page.getByText('Email and password')).toBeVisible();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('a newer longer password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Your current password is not right.',
  );
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('a newer longer password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'Your password is changed',
  );

  await other.reload();
  await expect(new Sidebar(other).root.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(`${email} (confirmed)`)).toBeVisible();
});

test('the account, forgot-password and reset pages at 375 px in the dark theme: no sideways scroll, no serious axe finding', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    baseURL: DEMO_APP_URL,
    viewport: { width: 375, height: 720 },
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  const email = await confirmedAccount(page);
  for (const [path, heading] of [
    ['/account', 'Your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=not-a-real-one', 'Choose a new password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/account') await expect(page.getByText(`${email} (confirmed)`)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(375);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => v.id),
      path,
    ).toEqual([]);
  }
  // A reset link whose token is not valid says so, in words.
  await page.getByLabel('New password').fill('a long enough password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'expired or was already used',
  );
  await context.close();
});
