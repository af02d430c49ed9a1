import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { RecordedRequest } from '../mock-upstream/types';
import { mockRequests } from '../support/mock-control';
import { SMALL_PROVIDER, TINY_MODEL } from '../support/providers';
import { AssistantsPage } from './pages/assistants-page';
import { ChatPage } from './pages/chat-page';

// Assistants end to end: made in the editor with a model, settings, a tool and a file; a chat
// started from the picker, from "/" and from a starter sends all of them upstream (read at the
// mock); editing the assistant leaves an old chat as it was; a shared link is used elsewhere.

type Body = {
  model: string;
  messages: { role: string; content: unknown }[];
  tools?: { function: { name: string } }[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  stream?: boolean;
};

const unique = () => crypto.randomUUID().slice(0, 8);

/** Streaming requests (a first exchange is followed by a title request) that carry `marker`. */
async function upstreamWith(marker: string): Promise<Body[]> {
  return (await mockRequests())
    .map((r: RecordedRequest) => r.body as Body | null)
    .filter((b): b is Body => b?.stream === true && JSON.stringify(b).includes(marker));
}

async function lastUpstream(marker: string, count: number): Promise<Body> {
  await expect.poll(async () => (await upstreamWith(marker)).length).toBe(count);
  const body = (await upstreamWith(marker)).at(-1);
  if (!body) throw new Error('no upstream request');
  return body;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function newVisitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('an assistant with a model, settings, a tool and a file starts chats from the picker, "/" and a starter', async ({
  page,
}) => {
  // Four chats and two trips to the editor: past 30 s once on a busy two-core machine.
  test.setTimeout(60_000);
  const marker = unique();
  const name = `Translator ${marker}`;
  const assistants = new AssistantsPage(page);
  await assistants.goto();
  await assistants.create({
    name,
    emoji: '🇩🇪',
    description: 'Translates into German',
    systemPrompt: `Translate into German. ${marker}`,
    model: `${SMALL_PROVIDER}/${TINY_MODEL}`,
    temperature: '0.3',
    topP: '0.9',
    maxTokens: '321',
    tools: ['calculate'],
    file: { name: 'glossary.txt', text: 'Kaffee means coffee.' },
    starters: ['Translate: good morning'],
  });
  await expect(assistants.card(name)).toContainText('1 file');

  // "New chat" from the list: the empty chat introduces it with its starters.
  await assistants
    .card(name)
    .getByRole('link', { name: `New chat with ${name}` })
    .click();
  await expect(page).toHaveURL(/\/\?assistant=[0-9a-f-]{36}$/);
  const chat = new ChatPage(page);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByText('Translates into German')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Translate: good morning' }).click();
  await chat.waitForAssistantStatus('complete');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const firstChat = page.url();

  const body = await lastUpstream(marker, 1);
  expect(body.model).toBe(TINY_MODEL);
  expect(body).toMatchObject({ temperature: 0.3, top_p: 0.9, max_tokens: 321 });
  expect(body.tools?.map((t) => t.function.name)).toEqual(['calculate']);
  expect(body.messages[0]).toEqual({
    role: 'system',
    content: `Translate into German. ${marker}\n\nReference file: glossary.txt\n\nKaffee means coffee.`,
  });
  // Shown in the header (a new chat with it from there) and in the sidebar.
  await expect(
    page.getByRole('link', { name: new RegExp(`^${name}\\s*: new chat with this assistant$`) }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`\\s*, with ${name}$`) })).toBeVisible();

  // The picker on the new-chat screen.
  await chat.goto('/');
  await page.getByRole('button', { name: 'Choose an assistant' }).click();
  await page.getByRole('region', { name: 'Assistants' }).getByRole('button', { name }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  // The assistant brings its own model and tools: the default's chip and tools menu are gone.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Tools/ })).toHaveCount(0);
  await chat.sendAndWait('[[mock:text tokens=2]] from the picker');
  // In the conversation it made, the chip and tools are back.
  await expect(page.getByRole('combobox', { name: 'Model' })).toBeVisible();
  expect((await lastUpstream(marker, 2)).model).toBe(TINY_MODEL);

  // "/" in the empty message box of a new chat.
  await chat.goto('/');
  await chat.composer.pressSequentially(`/translator ${marker}`);
  const option = page.getByRole('option', { name: new RegExp(name) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await chat.composer.press('Enter');
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(chat.composer).toHaveValue('');
  await chat.sendAndWait('[[mock:text tokens=2]] from slash');
  const fromSlash = await lastUpstream(marker, 3);
  expect(fromSlash.tools?.map((t) => t.function.name)).toEqual(['calculate']);

  // Edited: a new version; the first chat keeps the prompt and model it started with.
  await assistants.goto();
  await assistants.edit(name, async (form) => {
    await form.getByLabel('System prompt').fill(`Translate into French. ${marker}`);
    await form.getByLabel('Model').selectOption('');
  });
  await expect(assistants.card(name)).toContainText('Version 2');
  await chat.goto(firstChat);
  await chat.sendAndWait('[[mock:text tokens=2]] still German?');
  const after = await lastUpstream(marker, 4);
  expect(after.model).toBe(TINY_MODEL);
  expect(JSON.stringify(after.messages[0])).toContain('Translate into German.');
});

test('a shared assistant opens in another browser, shows its prompt only when ticked, and is used there', async ({
  page,
  browser,
}) => {
  const marker = unique();
  const name = `<img src=x onerror="window.pwned=1"> Helper ${marker}`;
  const assistants = new AssistantsPage(page);
  await assistants.goto();
  await assistants.create({
    name,
    systemPrompt: `You help. ${marker}`,
    starters: ['<b>Say hi</b>'],
  });
  const card = assistants.card(name);
  await card.getByRole('button', { name: `Share ${name}` }).click();
  await card.getByRole('button', { name: 'Create link' }).click();
  const link = card.getByLabel(`Link to ${name}`);
  await expect(link).toHaveValue(/\/a\/[A-Za-z0-9_-]{24}$/);
  const url = await link.inputValue();
  expect(await seriousViolations(page)).toEqual([]);

  const visitor = await newVisitor(browser);
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(visitor.getByText('<b>Say hi</b>')).toBeVisible();
  await expect(visitor.getByText('Its system prompt is not shown.')).toBeVisible();
  await expect(visitor.getByText(`You help. ${marker}`)).toHaveCount(0);
  expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(await seriousViolations(visitor)).toEqual([]);

  await card.getByLabel('Show the system prompt on the shared page').check();
  await card.getByRole('button', { name: 'Update link' }).click();
  await expect
    .poll(async () => {
      await visitor.reload();
      return visitor.getByText(`You help. ${marker}`).count();
    })
    .toBe(1);

  await visitor.getByRole('button', { name: 'Use this assistant' }).click();
  await expect(visitor).toHaveURL(/\/\?assistant=[0-9a-f-]{36}$/);
  await expect(visitor.getByRole('heading', { name, level: 2 })).toBeVisible();
  const chat = new ChatPage(visitor);
  await chat.sendAndWait('[[mock:text tokens=2]] hello');
  const body = await lastUpstream(marker, 1);
  expect(body.messages[0]).toEqual({ role: 'system', content: `You help. ${marker}` });

  // Stopped: the link no longer works.
  await card.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(card.getByLabel(`Link to ${name}`)).toHaveCount(0);
  const gone = await visitor.goto(url);
  expect(gone?.status()).toBe(404);
});
