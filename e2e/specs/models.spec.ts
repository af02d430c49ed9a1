import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { RecordedRequest } from '../mock-upstream/types';
import { E2E_MODEL } from '../support/env';
import { lastUserText, waitForMockRequest } from '../support/mock-control';
import {
  SMALL_PROVIDER,
  SMALL_PROVIDER_HEADER,
  SMALL_PROVIDER_QUERY,
  TINY_MODEL,
} from '../support/providers';
import { ChatPage } from './pages/chat-page';

// The e2e app has two providers: "default" (OPENAI_BASE_URL, CHAT_MODEL=mock-model) and "small"
// (PROVIDERS; the same mock with its own header and query, and mock-tiny with a tiny window).

type ChatBody = {
  model: string;
  messages: { role: string; content: string | null }[];
  temperature?: number;
};

const marker = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;
const picker = (page: Page) => page.getByRole('combobox', { name: 'Model' });
const badge = (page: Page) => page.getByTestId('model-badge');

function upstreamRequest(text: string): Promise<RecordedRequest> {
  return waitForMockRequest(
    (r) => r.path === '/v1/chat/completions' && (lastUserText(r)?.includes(text) ?? false),
  );
}
const bodyOf = (r: RecordedRequest) => r.body as ChatBody;

test('the picked model gets the next request, per conversation', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await expect(picker(page)).toBeEnabled();
  await expect(picker(page)).toHaveValue(`default/${E2E_MODEL}`);
  // Grouped by provider.
  await expect(picker(page).locator('optgroup')).toHaveCount(2);
  await expect(picker(page).locator('optgroup[label="Small"] option').first()).toHaveText(
    TINY_MODEL,
  );

  await picker(page).selectOption(`${SMALL_PROVIDER}/${TINY_MODEL}`);
  await expect(badge(page)).toHaveText(TINY_MODEL);
  const first = marker('pick');
  await chat.sendAndWait(`[[mock:text tokens=2]] ${first}`);
  const toSmall = await upstreamRequest(first);
  expect(bodyOf(toSmall).model).toBe(TINY_MODEL);
  expect(toSmall.headers[SMALL_PROVIDER_HEADER.name]).toBe(SMALL_PROVIDER_HEADER.value);
  expect(toSmall.query).toEqual(SMALL_PROVIDER_QUERY);

  // The choice belongs to the conversation: it survives a reload.
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(picker(page)).toHaveValue(`${SMALL_PROVIDER}/${TINY_MODEL}`);
  await expect(badge(page)).toHaveText(TINY_MODEL);

  // Switching model mid-conversation: the next message goes to the other provider's model.
  await picker(page).selectOption(`default/mock-model-2`);
  await expect(badge(page)).toHaveText('mock-model-2');
  const second = marker('switch');
  await chat.sendAndWait(`[[mock:text tokens=2]] ${second}`);
  const toDefault = await upstreamRequest(second);
  expect(bodyOf(toDefault).model).toBe('mock-model-2');
  expect(toDefault.headers[SMALL_PROVIDER_HEADER.name]).toBeUndefined();
  expect(toDefault.query).toEqual({});

  // A new chat starts from the server's default again.
  await chat.goto('/');
  await expect(picker(page)).toHaveValue(`default/${E2E_MODEL}`);
});

test('the chat page ships no zod; the Settings dialog loads it when opened', async ({ page }) => {
  // Every script the page loads, by URL; zod's error class name survives minification.
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(
        response.url(),
        response.text().catch(() => ''),
      );
  });
  const withZod = async () => {
    const found: string[] = [];
    for (const [url, text] of scripts) if ((await text).includes('"ZodError"')) found.push(url);
    return found;
  };
  const chat = new ChatPage(page);
  await chat.goto('/');
  await expect(chat.composer).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  expect(await withZod()).toEqual([]);

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Conversation settings' })).toBeVisible();
  await expect.poll(async () => (await withZod()).length).toBeGreaterThan(0);
});

test('a system prompt set in Settings starts the next request', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const prompt = `You are a pirate ${marker('prompt')}. Answer briefly.`;

  const dialog = page.getByRole('dialog', { name: 'Conversation settings' });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('System prompt').fill(prompt);
  await dialog.getByLabel('Temperature').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Invalid: the dialog stays open, says why, and points at the field.
  await expect(dialog.getByText('Temperature must be between 0 and 2.')).toBeVisible();
  await expect(dialog.getByLabel('Temperature')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Temperature')).toBeFocused();
  await dialog.getByLabel('Temperature').fill('0.4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // A new conversation: the settings travel with its first message.
  const first = marker('with-prompt');
  await chat.sendAndWait(`[[mock:text tokens=2]] ${first}`);
  const sent = bodyOf(await upstreamRequest(first));
  expect(sent.messages[0]).toEqual({ role: 'system', content: prompt });
  expect(sent.messages[1]).toMatchObject({ role: 'user' });
  expect(sent.temperature).toBe(0.4);
  // Never shown as a message.
  await expect(chat.messages()).toHaveCount(2);
  await expect(page.getByText(prompt)).toHaveCount(0);

  // Saved with the conversation: after a reload the dialog shows it; a change applies next time.
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByLabel('System prompt')).toHaveValue(prompt);
  await expect(dialog.getByLabel('Temperature')).toHaveValue('0.4');
  const changed = `Answer in exactly three words ${marker('changed')}.`;
  await dialog.getByLabel('System prompt').fill(changed);
  await dialog.getByLabel('Temperature').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const second = marker('changed-prompt');
  await chat.sendAndWait(`[[mock:text tokens=2]] ${second}`);
  const next = bodyOf(await upstreamRequest(second));
  expect(next.messages[0]).toEqual({ role: 'system', content: changed });
  expect(next).not.toHaveProperty('temperature');
});

test('Escape closes the settings dialog without saving', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Conversation settings' });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await dialog.getByLabel('System prompt').fill('never saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByLabel('System prompt')).toHaveValue('');
});

test('a long conversation marks where the model’s context begins', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await picker(page).selectOption(`${SMALL_PROVIDER}/${TINY_MODEL}`);
  // ~160 tokens each: two exchanges fit mock-tiny's window, three do not.
  const filler = 'lorem ipsum '.repeat(50);
  const tag = marker('ctx');
  for (const n of [1, 2]) {
    await chat.sendAndWait(`[[mock:text tokens=2]] ${tag}-${n} ${filler}`);
  }
  const divider = page.getByTestId('context-divider');
  await expect(divider).toHaveCount(0);

  await chat.sendAndWait(`[[mock:text tokens=2]] ${tag}-3 ${filler}`);
  await expect(divider).toHaveCount(1);
  await expect(divider).toHaveText("Earlier messages are outside the model's context");

  // The model was sent only the newest messages, starting at the second question.
  const sent = bodyOf(await upstreamRequest(`${tag}-3`));
  const users = sent.messages.filter((m) => m.role === 'user').map((m) => m.content ?? '');
  expect(users.map((u) => u.split(' ')[2])).toEqual([`${tag}-2`, `${tag}-3`]);

  // The divider sits right before the second question; nothing was deleted.
  await expect(chat.messages('user')).toHaveCount(3);
  const before = async () =>
    divider.evaluate((el) => {
      const next =
        el.nextElementSibling?.querySelector('article[data-role]') ?? el.nextElementSibling;
      return next?.textContent ?? '';
    });
  expect(await before()).toContain(`${tag}-2`);

  await page.reload();
  await expect(divider).toHaveCount(1);
  expect(await before()).toContain(`${tag}-2`);
});
