// Every menu and popover opens inside the viewport, on a laptop and on a phone; menus are ARIA
// menus (roles, arrow keys, Escape gives focus back) and the chat page has its landmarks.
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

const PASSWORD = 'a long enough password';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
] as const;

async function signUp(page: Page): Promise<string> {
  const email = `menus-${randomUUID().slice(0, 8)}@example.com`;
  await new Sidebar(page).root.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  return email;
}

/** Opens the popover of `trigger` and checks that all of it lies inside the viewport. */
async function expectOpensOnScreen(page: Page, trigger: Locator, what: string) {
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const id = await trigger.getAttribute('aria-controls');
  expect(id, `${what}: the button names its popup`).toBeTruthy();
  const popup = page.locator(`[id="${id}"]`);
  // Visible once placed (it stays hidden while Floating UI measures it).
  await expect(popup).toBeVisible();
  const box = await popup.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no box`);
  const where = `${what} at ${viewport.width}×${viewport.height}: x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)}`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
}

test('every menu and popover opens inside the viewport at 1280×800 and 375×667', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const chat = new ChatPage(page);
  const sidebar = new Sidebar(page);
  await page.setViewportSize(SIZES[0]);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=2]] menus ${randomUUID().slice(0, 8)}`);
  const email = await signUp(page);
  const account = page.getByRole('button', { name: `Account: ${email}` });
  const tools = page.getByRole('button', { name: /^Tools/ });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const phone = size.width < 768;
    if (phone) await sidebar.drawerButton.click();
    await expectOpensOnScreen(page, account, 'the account menu');
    if (phone) {
      await page.getByRole('button', { name: 'Close conversations' }).click();
      await expectOpensOnScreen(page, page.getByRole('button', { name: 'More' }), 'More');
    } else {
      await expectOpensOnScreen(
        page,
        page.getByRole('button', { name: 'Export', exact: true }),
        'Export',
      );
    }
    await expectOpensOnScreen(page, tools, 'the tools panel');
  }
});

test('the account menu is an ARIA menu: arrow keys, Escape gives focus back; the page has main and nav landmarks', async ({
  page,
}) => {
  // Signing up hashes a password: slow on a busy machine.
  test.setTimeout(60_000);
  const chat = new ChatPage(page);
  await chat.goto('/');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('New chat');
  await expect(page.getByRole('navigation', { name: 'Conversation history' })).toHaveCount(1);

  const email = await signUp(page);
  const account = page.getByRole('button', { name: `Account: ${email}` });
  await expect(account).toHaveAttribute('aria-haspopup', 'menu');
  await account.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Account: ${email}` });
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveText([
    'Account',
    'Sign out',
    'Sign out everywhere',
    'Delete my account and data',
  ]);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();

  // ArrowUp on the button opens at the last item; choosing an item acts and closes.
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
