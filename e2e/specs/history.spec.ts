import { expect, type Page, test } from '@playwright/test';
import { holdScripts } from '../support/hold-scripts';
import { ChatPage } from './pages/chat-page';
import { Sidebar } from './pages/sidebar-page';

// Every test runs in a fresh browser context, so it is a new guest with an empty history.

const MOCK_TITLE = 'Hello from the mock upstream';
const DAY = 24 * 60 * 60 * 1000;

/**
 * Opens the new-chat screen once its start-up requests are over: on a first visit, /api/tools
 * and /api/models each issue a guest cookie, and a message sent before the last one lands would
 * belong to a guest the browser then forgets.
 */
async function openNewChat(page: Page): Promise<ChatPage> {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await page.waitForLoadState('networkidle');
  return chat;
}

/** Sends a first message from the new-chat screen and waits for the answer. */
async function startConversation(page: Page, text: string): Promise<string> {
  const chat = await openNewChat(page);
  await chat.sendAndWait(text);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  return page.url().split('/c/')[1] ?? '';
}

/** Creates conversations through the API (same cookie as the page), oldest first. */
async function createConversations(page: Page, count: number, label: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await page.request.post('/api/chat', {
      data: { content: `[[mock:http status=500]] ${label} ${i + 1}` },
      // The route guard wants proof of the same origin, as the app's own fetch() carries.
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.ok()).toBe(true);
    await res.body();
  }
}

test('lists conversations under day headings, highlights the open one, and starts new chats', async ({
  page,
}) => {
  const sidebar = new Sidebar(page);
  const chat = await openNewChat(page);
  await expect(sidebar.root.getByText('No conversations yet.')).toBeVisible();

  const first = await startConversation(page, '[[mock:text tokens=2]] first topic');
  await sidebar.newChat.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(chat.allMessages).toHaveCount(0);
  await expect(sidebar.current).toHaveCount(0);
  const second = await startConversation(page, '[[mock:text tokens=2]] second topic');

  await expect(sidebar.rows).toHaveCount(2);
  await expect(sidebar.group('Today').getByTestId('conversation-row')).toHaveCount(2);
  // Newest first, and the open one is marked for assistive technology too.
  await expect(sidebar.rows.first().getByRole('link')).toHaveAttribute('href', `/c/${second}`);
  await expect(sidebar.current).toHaveAttribute('href', `/c/${second}`);
  await sidebar.rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/c/${first}$`));
  await expect(sidebar.current).toHaveAttribute('href', `/c/${first}`);
  await expect(chat.lastUser()).toContainText('first topic');

  // The same conversations seen three days later fall under "Previous 7 days".
  await page.clock.setFixedTime(new Date(Date.now() + 3 * DAY));
  await page.reload();
  await expect(sidebar.group('Previous 7 days').getByTestId('conversation-row')).toHaveCount(2);
  await expect(sidebar.group('Today')).toHaveCount(0);
  await page.clock.setFixedTime(new Date(Date.now() + 40 * DAY));
  await page.reload();
  await expect(sidebar.group('Older').getByTestId('conversation-row')).toHaveCount(2);
});

test('the model titles a new conversation after its first answer', async ({ page }) => {
  const sidebar = new Sidebar(page);
  await startConversation(page, '[[mock:text tokens=3]] please title this one');
  await expect(sidebar.current).toHaveText(MOCK_TITLE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(MOCK_TITLE);
});

test('renames inline: Enter saves (and it stays after a reload), Escape cancels', async ({
  page,
}) => {
  const sidebar = new Sidebar(page);
  await startConversation(page, '[[mock:text tokens=2]] rename me');
  await expect(sidebar.current).toHaveText(MOCK_TITLE);

  await sidebar.rename(sidebar.currentRow(), 'Holiday plans');
  await expect(sidebar.current).toHaveText('Holiday plans');
  await expect(sidebar.current).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Holiday plans');

  // Keyboard only: the rename button, type, Escape.
  await sidebar.current.focus();
  await page.keyboard.press('Tab');
  await expect(sidebar.row('Holiday plans').getByRole('button', { name: /^Rename/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type(' (draft)');
  await page.keyboard.press('Escape');
  await expect(sidebar.current).toHaveText('Holiday plans');

  await page.reload();
  await expect(sidebar.current).toHaveText('Holiday plans');
});

test('delete offers Undo, which brings the conversation back whole', async ({ page }) => {
  const sidebar = new Sidebar(page);
  const chat = new ChatPage(page);
  const id = await startConversation(page, '[[mock:text tokens=4]] keep this safe');

  await expect(sidebar.current).toHaveText(MOCK_TITLE);
  await sidebar.delete(sidebar.currentRow());
  // Deleting the open conversation leaves it for a new chat.
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar.rows).toHaveCount(0);
  await expect(sidebar.toast).toContainText('Conversation deleted');
  await sidebar.toast.getByRole('button', { name: 'Undo' }).click();

  await expect(page).toHaveURL(new RegExp(`/c/${id}$`));
  await expect(sidebar.rows).toHaveCount(1);
  await expect(chat.lastUser()).toContainText('keep this safe');
  await expect(chat.lastAssistant()).toContainText('tok1 tok2 tok3 tok4');
  await page.reload();
  await expect(sidebar.current).toHaveText(MOCK_TITLE);
});

test('delete without Undo removes it for good', async ({ page }) => {
  // Two chats, a 6-second toast left to go by itself, a reload and another page: on a busy
  // two-core machine it once reached its last step as the default 30 s ran out.
  test.setTimeout(60_000);
  const sidebar = new Sidebar(page);
  const keep = await startConversation(page, '[[mock:text tokens=2]] the one to keep');
  const gone = await startConversation(page, '[[mock:text tokens=2]] the one to delete');
  await sidebar.rename(sidebar.currentRow(), 'Doomed');
  await expect(sidebar.rows).toHaveCount(2);

  await sidebar.delete(sidebar.row('Doomed'));
  await expect(sidebar.toast).toContainText('Conversation deleted');
  await expect(sidebar.rows).toHaveCount(1);
  // The toast goes away by itself.
  await expect(sidebar.toast).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(sidebar.rows).toHaveCount(1);
  await expect(sidebar.rows.first().getByRole('link')).toHaveAttribute('href', `/c/${keep}`);
  await page.goto(`/c/${gone}`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test('search finds a word that only appears in an answer', async ({ page }) => {
  const sidebar = new Sidebar(page);
  // The mock's markdown reply has a table with a row "alpha"; the question never says it.
  const table = await startConversation(page, '[[mock:markdown]] show me a small table');
  await startConversation(page, '[[mock:text tokens=2]] something else');
  await sidebar.rename(sidebar.currentRow(), 'Something else');

  await sidebar.search.fill('alpha');
  await expect(page.getByTestId('search-summary')).toHaveText('1 conversation found');
  await expect(sidebar.rows).toHaveCount(1);
  const hit = sidebar.rows.first();
  await expect(hit).toContainText('Assistant:');
  await expect(hit.locator('mark')).toHaveText(['alpha']);
  await hit.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/c/${table}$`));

  await sidebar.search.fill('nothing-like-this');
  await expect(page.getByTestId('search-summary')).toHaveText(
    'No conversations match “nothing-like-this”.',
  );
  // Escape clears the search and the whole history is back.
  await sidebar.search.press('Escape');
  await expect(sidebar.search).toHaveValue('');
  await expect(sidebar.rows).toHaveCount(2);
});

test('a search typed before the page is interactive is kept and runs', async ({ page }) => {
  const sidebar = new Sidebar(page);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const words = `nothing-typed-early-${Date.now()}`;
  await sidebar.search.fill(words);
  release();
  // Only the hydrated page runs a search and says what it found.
  await expect(page.getByTestId('search-summary')).toHaveText(`No conversations match “${words}”.`);
  await expect(sidebar.search).toHaveValue(words);
});

test('search snippets are plain text, without markdown syntax', async ({ page }) => {
  const sidebar = new Sidebar(page);
  // The mock's markdown reply says "Some **bold** text, a [link](https://example.com) and `inline code`."
  await startConversation(page, '[[mock:markdown]] format something');
  await sidebar.search.fill('bold');
  const hit = sidebar.rows.first();
  await expect(hit).toContainText('Some bold text, a link and inline code.');
  await expect(hit).not.toContainText('**');
  await expect(hit).not.toContainText('](');
  await expect(hit).not.toContainText('`');
});

test('loads more conversations as the list scrolls', async ({ page }) => {
  test.setTimeout(90_000);
  const sidebar = new Sidebar(page);
  await openNewChat(page);
  await createConversations(page, 33, 'Bulk');
  await page.reload();
  // The first page holds 30; the rest arrive when the end of the list comes into view.
  await expect(sidebar.row('Bulk 33')).toBeVisible();
  await sidebar.rows.last().scrollIntoViewIfNeeded();
  await expect(sidebar.rows).toHaveCount(33);
  await expect(sidebar.row(/^\[\[mock:http status=500\]\] Bulk 1$/)).toHaveCount(1);
  await expect(sidebar.root.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('at 375 px the sidebar is a drawer behind the "Conversations" button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const sidebar = new Sidebar(page);
  const chat = new ChatPage(page);
  await startConversation(page, '[[mock:text tokens=3]] a phone-sized chat');
  await expect(sidebar.root).toBeHidden();
  // Nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(chat.composer).toBeVisible();

  await sidebar.drawerButton.click();
  const drawer = page.getByRole('dialog', { name: 'Conversations' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close conversations' })).toBeFocused();
  await expect(drawer.getByTestId('conversation-row')).toHaveCount(1);
  // The page behind is inert while the drawer is open.
  const inert = page.locator('[inert]');
  await expect(inert).toHaveCount(1);
  expect(await inert.evaluate((el) => el.contains(document.querySelector('#composer')))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(sidebar.drawerButton).toBeFocused();

  // Opening a conversation from the drawer closes it.
  await sidebar.drawerButton.click();
  await drawer.getByRole('link', { name: 'New chat' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(drawer).toBeHidden();
});
