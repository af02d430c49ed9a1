// Themes, keyboard shortcuts, suggestions, page titles, export / import and "delete all my data".
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';

const tag = () => randomUUID().slice(0, 8);
const html = (page: Page) => page.locator('html');
/** Brightness (0–255) of the page background; Tailwind's lab() colours go through a canvas. */
const brightness = (page: Page) =>
  page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return Math.round((r + g + b) / 3);
  });

test.describe('themes', () => {
  test('a chosen theme applies dark styles and persists across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const chat = new ChatPage(page);
    await chat.goto('/');
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await expect(theme).toHaveValue('system');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await brightness(page)).toBeGreaterThan(240);

    await theme.selectOption('dark');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveCSS('color-scheme', 'dark');
    expect(await brightness(page)).toBeLessThan(20);

    await page.reload();
    await expect(chat.composer).toBeVisible();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
    // Applied before the first paint: the server's HTML already runs the script in <head>.
    const first = await page.request.get('/');
    expect(await first.text()).toMatch(/<head>.*parley:theme.*<\/head>/s);

    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect(await brightness(page)).toBeGreaterThan(240);
  });

  test('system follows the operating system live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const chat = new ChatPage(page);
    await chat.goto('/');
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('system');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('keyboard shortcuts', () => {
  test('/ and Shift+Esc focus the message box; typing them there is just text', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    // The message box takes focus once the page is interactive; move away only after that.
    await expect(chat.composer).toBeFocused();
    await page.getByRole('button', { name: 'My data' }).focus();
    await page.keyboard.press('/');
    await expect(chat.composer).toBeFocused();
    await expect(chat.composer).toHaveValue('');
    await page.keyboard.type('a/b?');
    await expect(chat.composer).toHaveValue('a/b?');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Theme' }).focus();
    await page.keyboard.press('Shift+Escape');
    await expect(chat.composer).toBeFocused();
    // Enter still sends and Shift+Enter still makes a new line.
    await page.keyboard.press('Shift+Enter');
    await expect(chat.composer).toHaveValue('a/b?\n');
  });

  test('? and the Keyboard shortcuts button open the help, which lists them', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    await chat.composer.blur();
    await page.keyboard.press('Shift+?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const action of [
      'New chat',
      'Search conversations',
      'Focus the message box',
      'Stop the answer',
    ])
      await expect(help.getByRole('rowheader', { name: action })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(help).toBeVisible();
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(help).toBeHidden();
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();
  });

  test('Esc stops a streaming answer', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    await chat.send(`[[mock:pause key=k${tag()} after=2 tokens=20]] stop me`);
    await expect(chat.lastAssistant()).toContainText('tok1 tok2');
    await page.keyboard.press('Escape');
    await chat.waitForAssistantStatus('interrupted');
    await expect(chat.lastAssistant()).not.toContainText('tok3');
  });

  test('Ctrl+K searches and Ctrl+Shift+O starts a new chat', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    await chat.sendAndWait(`[[mock:text tokens=3]] shortcut ${tag()}`);
    await expect(page).toHaveURL(/\/c\//);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused();
    await page.keyboard.press('Control+Shift+O');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'How can I help?' })).toBeVisible();
    await expect(chat.allMessages).toHaveCount(0);
  });
});

test('a suggestion is sent at once, and the tab title follows the conversation', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await expect(page).toHaveTitle('Parley');
  await page.getByRole('button', { name: /Use a tool/ }).click();
  await expect(chat.lastUser()).toContainText('What time is it in Tokyo right now?');
  await expect(chat.composer).toHaveValue('');
  await expect(chat.composer).toBeFocused();
  await chat.waitForAssistantStatus('complete');

  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText('New chat');
  // The model's generated title replaces the first message a moment later; the tab follows
  // whichever the heading shows, so compare the two together until they agree.
  await expect
    .poll(async () => (await page.title()) === `${(await heading.textContent())?.trim()} · Parley`)
    .toBe(true);
});

test.describe('export, import and my data', () => {
  test('exports Markdown and JSON downloads, and importing the JSON creates a new conversation', async ({
    page,
  }, testInfo) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    const words = `export ${tag()}`;
    await chat.sendAndWait(`[[mock:markdown]] ${words}`);
    await expect(page).toHaveURL(/\/c\//);
    const originalUrl = page.url();

    const save = async (label: string) => {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: label }).click(),
      ]);
      return {
        name: download.suggestedFilename(),
        text: await readFile(await download.path(), 'utf8'),
      };
    };

    const md = await save('Export as Markdown');
    expect(md.name).toMatch(/\.md$/);
    expect(md.text).toContain(words);
    expect(md.text).toMatch(/^## Assistant$/m);
    expect(md.text).toContain('```');

    const json = await save('Export as JSON');
    expect(json.name).toMatch(/\.json$/);
    const file = JSON.parse(json.text) as { format: string; messages: { content: string }[] };
    expect(file.format).toBe('parley.conversation');
    expect(file.messages[0]?.content).toContain(words);

    const path = testInfo.outputPath('conversation.json');
    await writeFile(path, json.text);
    await page.getByRole('button', { name: 'My data' }).click();
    const dialog = page.getByRole('dialog', { name: 'My data' });
    await dialog.getByLabel('Import conversation').setInputFiles(path);
    // What the file holds is said before anything is imported.
    await expect(dialog.getByText('“conversation.json” holds 1 conversation.')).toBeVisible();
    await expect(page).toHaveURL(originalUrl);
    await dialog.getByRole('button', { name: 'Import 1 conversation' }).click();
    await expect(page).not.toHaveURL(originalUrl);
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    await expect(chat.lastUser()).toContainText(words);
    await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'complete');
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toBeVisible();
    // Marked, so it is not a second identical entry next to the original.
    const history = page.getByRole('navigation', { name: 'Conversation history' });
    await expect(history.getByRole('link')).toHaveCount(2);
    await expect(history.getByRole('link', { name: /\(imported\)/ })).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toContainText(
      '(imported)',
    );

    // A file of several says how many before importing them all.
    const { version, exportedAt, conversation, activeLeafId, messages } = JSON.parse(
      json.text,
    ) as Record<string, unknown>;
    const one = { conversation, activeLeafId, messages };
    const archivePath = testInfo.outputPath('archive.json');
    await writeFile(
      archivePath,
      JSON.stringify({
        format: 'parley.archive',
        version,
        exportedAt,
        conversations: [one, one, one],
      }),
    );
    await page.getByRole('button', { name: 'My data' }).click();
    await dialog.getByLabel('Import conversation').setInputFiles(archivePath);
    await expect(dialog.getByText('“archive.json” holds 3 conversations.')).toBeVisible();
    await expect(history.getByRole('link')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Import 3 conversations' }).click();
    await expect(dialog.getByRole('status')).toContainText('Imported 3 conversations.');
    await expect(history.getByRole('link')).toHaveCount(5);
  });

  test('a broken file is refused with an error that says what is wrong', async ({
    page,
  }, testInfo) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    const path = testInfo.outputPath('broken.json');
    await writeFile(
      path,
      JSON.stringify({ format: 'parley.conversation', version: 7, conversation: {}, messages: [] }),
    );
    await page.getByRole('button', { name: 'My data' }).click();
    const dialog = page.getByRole('dialog', { name: 'My data' });
    await dialog.getByLabel('Import conversation').setInputFiles(path);
    await dialog.getByRole('button', { name: 'Import 1 conversation' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'this file is export version 7; this Parley reads version 1',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('"Delete all my data" asks for confirmation, then empties the history', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto('/');
    const words = `delete me ${tag()}`;
    await chat.sendAndWait(`[[mock:text tokens=2]] ${words}`);
    const history = page.getByRole('navigation', { name: 'Conversation history' });
    await expect(history.getByRole('link')).toHaveCount(1);
    const conversationUrl = page.url();

    await page.getByRole('button', { name: 'My data' }).click();
    const dialog = page.getByRole('dialog', { name: 'My data' });
    await dialog.getByRole('button', { name: 'Delete all my data' }).click();
    const confirm = dialog.getByRole('button', { name: 'Delete everything' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(history.getByText('No conversations yet.')).toBeVisible();
    await expect(history.getByRole('link')).toHaveCount(0);
    await page.goto(conversationUrl);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  });
});
