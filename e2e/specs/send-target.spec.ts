import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { ChatPage } from './pages/chat-page';

// A message goes where the screen showed it would go when Enter was pressed: New chat clicked
// just before (its page still on its way) means a new conversation; New chat clicked just after
// changes nothing about where the message went. Each step runs with no wait in between, as a
// quick typist does, many times over; every message is then found through the API.

const ROUNDS = 4;

const idOf = (page: Page): string | null => /\/c\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? null;

/** The conversations (of this browser's identity) holding a user message with exactly `text`. */
async function whereIs(page: Page, text: string): Promise<string[]> {
  const list = await page.request.get('/api/conversations?limit=100');
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: string }[] };
  const found: string[] = [];
  for (const { id } of items) {
    const res = await page.request.get(`/api/conversations/${id}`);
    if (!res.ok()) continue;
    const detail = (await res.json()) as ConversationDetail;
    if (detail.messages.some((m) => m.role === 'user' && m.content === text)) found.push(id);
  }
  return found;
}

async function userTexts(page: Page, id: string): Promise<string[]> {
  const res = await page.request.get(`/api/conversations/${id}`);
  expect(res.ok()).toBe(true);
  const detail = (await res.json()) as ConversationDetail;
  return detail.messages.filter((m) => m.role === 'user').map((m) => m.content);
}

test('New chat then Enter at once starts a new conversation; Enter then New chat keeps the message where it was sent', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const chat = new ChatPage(page);
  const newChat = page.getByRole('link', { name: 'New chat', exact: true });
  const tag = randomUUID().slice(0, 8);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=1]] start ${tag}`);

  for (let round = 0; round < ROUNDS; round++) {
    // New chat, then type and press Enter without waiting for the new page.
    const left = idOf(page);
    const first = `[[mock:text tokens=1]] after New chat ${round} ${tag}`;
    await newChat.click();
    await chat.composer.fill(first);
    await chat.composer.press('Enter');
    await expect
      .poll(() => whereIs(page, first), { message: `where "${first}" went` })
      .toHaveLength(1);
    const [landed] = await whereIs(page, first);
    expect(landed, 'a message typed after New chat went to the previous conversation').not.toBe(
      left,
    );
    // Alone in a conversation of its own, and that is the one on screen.
    expect(await userTexts(page, landed as string)).toEqual([first]);
    await expect(page).toHaveURL(new RegExp(`/c/${landed}$`));
    await expect(chat.lastUser()).toContainText(`after New chat ${round} ${tag}`);
    await chat.waitForAssistantStatus('complete');

    // Enter in an existing conversation, then New chat at once.
    const sentIn = idOf(page);
    expect(sentIn).toBe(landed);
    const second = `[[mock:text tokens=1]] before New chat ${round} ${tag}`;
    await chat.composer.fill(second);
    await chat.composer.press('Enter');
    await newChat.click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() => whereIs(page, second), { message: `where "${second}" went` })
      .toEqual([sentIn]);
    await expect(chat.composer).toHaveValue('');
    await expect(chat.allMessages).toHaveCount(0);

    // Enter on a new chat, then New chat at once: the message starts its own conversation,
    // and the screen stays the fresh new chat it was asked for.
    const third = `[[mock:text tokens=1]] first message then New chat ${round} ${tag}`;
    await chat.composer.fill(third);
    await chat.composer.press('Enter');
    await newChat.click();
    await expect
      .poll(() => whereIs(page, third), { message: `where "${third}" went` })
      .toHaveLength(1);
    const [own] = await whereIs(page, third);
    expect(await userTexts(page, own as string)).toEqual([third]);
    await expect(page).toHaveURL(/\/$/);
    await expect(chat.allMessages).toHaveCount(0);
  }
});
