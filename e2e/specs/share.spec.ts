import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { ShareDialog, SharedPage } from './pages/share-page';

// The mock upstream answers `[[mock:tools calls=2]]` with two tool calls (get_time, calculate).
const TOOL_PROMPT = '[[mock:tools calls=2]] What time is it in Paris, and what is 2+2?';

/** The owner's conversation with a tool turn, shared; returns the link. */
async function shareToolConversation(page: Page): Promise<string> {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait(TOOL_PROMPT);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const dialog = new ShareDialog(page);
  await dialog.open();
  await expect(dialog.indexable).not.toBeChecked();
  return dialog.create();
}

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function newVisitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('a visitor reads a shared conversation, cannot change it, forks it; revoking ends the link', async ({
  page,
  browser,
}) => {
  const url = await shareToolConversation(page);
  const shareId = SharedPage.idOf(url);
  const dialog = new ShareDialog(page);
  await expect(dialog.myLinks.getByRole('link')).toHaveCount(1);

  const visitor = await newVisitor(browser);
  const shared = new SharedPage(visitor.page);
  await shared.goto(url);
  await expect(shared.messages.first()).toContainText('What time is it in Paris');
  await expect(shared.toolCards).toHaveCount(2);
  await expect(shared.toolCards.first()).toContainText('get_time');
  await shared.toolCards.first().locator('summary').click();
  await expect(shared.toolCards.first()).toHaveAttribute('open', '');

  // Read-only: nothing to type into, and the owner's API answers a stranger with 404.
  await expect(shared.composer).toHaveCount(0);
  await expect(visitor.page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await expect(visitor.page.getByRole('button', { name: /retry|approve|deny/i })).toHaveCount(0);
  const api = visitor.page.request;
  // Same-origin requests (as the app's own fetch() makes them), so ownership is what refuses.
  const headers = { origin: new URL(visitor.page.url()).origin };
  expect(
    (await api.patch(`/api/shares/${shareId}`, { data: { refresh: true }, headers })).status(),
  ).toBe(404);
  expect((await api.delete(`/api/shares/${shareId}`, { headers })).status()).toBe(404);

  // Fork: the visitor lands in a conversation of their own and can carry on.
  await shared.forkButton.click();
  await expect(visitor.page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const copy = new ChatPage(visitor.page);
  await expect(copy.composer).toBeVisible();
  await expect(copy.messages('user').first()).toContainText('What time is it in Paris');
  await copy.sendAndWait('[[mock:text tokens=3]] thanks, and tomorrow?');
  await expect(copy.lastAssistant()).toContainText('tok1 tok2 tok3');
  // Now a guest with a cookie, still not the owner.
  expect((await api.delete(`/api/shares/${shareId}`, { headers })).status()).toBe(404);
  expect((await visitor.page.goto(url))?.status()).toBe(200);

  await dialog.revoke();
  await expect(dialog.myLinks.getByRole('link')).toHaveCount(0);
  const gone = await visitor.page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(visitor.page.getByRole('heading', { name: 'This link doesn’t work' })).toBeVisible();
  await visitor.context.close();
});

test('the shared page works with JavaScript disabled, tool cards included', async ({
  page,
  browser,
}) => {
  const url = await shareToolConversation(page);
  const visitor = await newVisitor(browser, { javaScriptEnabled: false });
  const shared = new SharedPage(visitor.page);
  await shared.goto(url);
  await expect(visitor.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shared.messages.first()).toContainText('What time is it in Paris');
  await expect(shared.toolCards).toHaveCount(2);
  const card = shared.toolCards.nth(1);
  await expect(card).not.toHaveAttribute('open', '');
  await card.locator('summary').click();
  await expect(card).toHaveAttribute('open', '');
  await expect(card).toContainText('2+2');

  // Forking is a plain form post: it works without JavaScript too.
  await shared.forkButton.click();
  await expect(visitor.page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(visitor.page.locator('article[data-role="user"]').first()).toContainText(
    'What time is it in Paris',
  );
  await visitor.context.close();
});

test('an unknown or revoked link shows a real not-found page without JavaScript', async ({
  page,
  browser,
}) => {
  const url = await shareToolConversation(page);
  const visitor = await newVisitor(browser, { javaScriptEnabled: false });
  const notFound = visitor.page.getByRole('heading', { level: 1, name: 'This link doesn’t work' });
  // A live link is not touched by the check.
  expect((await visitor.page.goto(url))?.status()).toBe(200);
  await expect(visitor.page.locator('article[data-role="user"]').first()).toBeVisible();
  await expect(notFound).toHaveCount(0);

  await new ShareDialog(page).revoke();
  const origin = new URL(url).origin;
  for (const link of [
    url, // revoked
    `${origin}/s/AAAAAAAAAAAAAAAAAAAAAAAA`, // never existed
    `${url}x`, // not a share id
    `${origin}/s/missing`, // the not-found page asked for by name
  ]) {
    const response = await visitor.page.goto(link);
    expect(response?.status(), link).toBe(404);
    await expect(notFound, link).toBeVisible();
    await expect(visitor.page.getByRole('link', { name: 'Start a new chat' })).toBeVisible();
    // In the HTML itself, not drawn by a script.
    expect(await response?.text()).toContain('This link doesn’t work');
  }
  await visitor.context.close();
});

test('the owner updates the link in place and can opt in to indexing', async ({ page }) => {
  const url = await shareToolConversation(page);
  const dialog = new ShareDialog(page);
  await dialog.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.dialog).toBeHidden();

  const chat = new ChatPage(page);
  await chat.sendAndWait('[[mock:text tokens=2]] one more question');
  const visitor = page.context().request;
  const before = await (await visitor.get(url)).text();
  expect(before).not.toContain('one more question');

  await dialog.open();
  await expect(dialog.linkBox).toHaveValue(url);
  await dialog.updateButton.click();
  await expect(dialog.dialog.getByText('Link updated')).toBeVisible();
  await expect(dialog.linkBox).toHaveValue(url);
  expect(await (await visitor.get(url)).text()).toContain('one more question');

  expect(await (await visitor.get(url)).text()).toContain('content="noindex, nofollow"');
  await dialog.indexable.check();
  await expect(dialog.indexable).toBeChecked();
  // The box ticks at once; the page changes when the save lands.
  await expect
    .poll(async () => (await visitor.get(url)).text())
    .toContain('content="index, follow"');
});

test('warns before sharing text that looks like a secret', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=2]] my key is sk-proj-${'Q'.repeat(32)}`);
  const dialog = new ShareDialog(page);
  await dialog.open();
  const warning = dialog.dialog.getByRole('alert');
  await expect(warning).toContainText('may contain secrets');
  await expect(warning).toContainText('API key');
  await expect(warning).not.toContainText('Q'.repeat(32));
});

test('no serious or critical accessibility violations on the shared page, light and dark', async ({
  page,
  browser,
}) => {
  const url = await shareToolConversation(page);
  expect(await seriousViolations(page, 'dialog')).toEqual([]);

  const visitor = await newVisitor(browser);
  const shared = new SharedPage(visitor.page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await visitor.page.emulateMedia({ colorScheme });
    await shared.goto(url);
    await expect(shared.toolCards).toHaveCount(2);
    await shared.toolCards.first().locator('summary').click();
    expect(await seriousViolations(visitor.page), colorScheme).toEqual([]);
  }
  await visitor.context.close();
});
