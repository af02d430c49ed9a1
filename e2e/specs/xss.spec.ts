import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { APP_URL } from '../support/env';
import { XSS_SEARCH_WORD, xssDocument, xssLines } from '../support/xss-corpus';
import { expectInert, watch } from '../support/xss-watch';
import { ChatPage } from './pages/chat-page';
import { ShareDialog } from './pages/share-page';
import { Sidebar } from './pages/sidebar-page';

// The shared XSS corpus (e2e/support/xss-corpus.ts) on every surface that shows text Parley did
// not write, watched by the canary in e2e/support/xss-watch.ts.
// Few conversations, many payloads each, to stay fast.

const sameOrigin = { origin: APP_URL, 'content-type': 'application/json' };

test.describe('XSS corpus', () => {
  test.describe.configure({ timeout: 120_000 });

  test('model output live and after reload, user message, title, search, exports, shared page', async ({
    page,
    context,
    browser,
  }) => {
    const canary = await watch(context);
    const chat = new ChatPage(page);
    await chat.goto('/');

    // The echo scenario streams the message back slowly: the payloads arrive piece by piece.
    await chat.send(`[[mock:echo chunks=60 rate=40]]\n\n${xssDocument()}`);
    const answer = chat.lastAssistant();
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    await expect(answer).toContainText('mixed case');
    await expectInert(page, canary, 'while streaming');
    await chat.waitForAssistantStatus('complete');
    await expect(answer).toContainText('</title>');
    await expectInert(page, canary, 'after streaming');

    await page.reload();
    await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'complete');
    await expect(chat.lastAssistant()).toContainText('</title>');
    await expectInert(page, canary, 'after reload');

    const sidebar = new Sidebar(page);
    await sidebar.search.fill(XSS_SEARCH_WORD);
    await expect(page.getByTestId('search-summary')).toContainText('found');
    await expect(sidebar.rows.first().locator('mark').first()).toHaveText(XSS_SEARCH_WORD);
    await expectInert(page, canary, 'search snippets');
    await sidebar.search.press('Escape');

    // Exports are downloads (attachment, not HTML), never pages of this origin.
    const conversationUrl = page.url();
    for (const label of ['Export as Markdown', 'Export as JSON']) {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: label }).click(),
      ]);
      expect(await readFile(await download.path(), 'utf8')).toContain('__xss(1)');
      expect(page.url()).toBe(conversationUrl);
    }
    const id = conversationUrl.split('/c/')[1];
    for (const format of ['md', 'json']) {
      const res = await page.request.get(`/api/conversations/${id}/export?format=${format}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers()['content-type']).not.toMatch(/html|xml|svg/);
    }
    await expectInert(page, canary, 'after exports');

    const dialog = new ShareDialog(page);
    await dialog.open();
    const shareUrl = await dialog.create();
    const visitor = await context.newPage();
    await visitor.goto(shareUrl);
    await expect(visitor.locator('article[data-role="assistant"]').first()).toContainText(
      '</title>',
    );
    await expectInert(visitor, canary, 'shared page');

    // Without JavaScript only HTML could act: it must hold nothing that loads or runs.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const noJsCanary = await watch(noJs);
    const reader = await noJs.newPage();
    await reader.goto(shareUrl);
    await expect(reader.locator('article[data-role="assistant"]').first()).toContainText(
      '</title>',
    );
    await expectInert(reader, noJsCanary, 'shared page without JavaScript');
    await noJs.close();
  });

  test('titles, tool-call arguments and results, reasoning and error messages', async ({
    page,
    context,
  }) => {
    const canary = await watch(context);
    const chat = new ChatPage(page);
    await chat.goto('/');

    const doc = xssDocument();
    const lines = xssLines(180);
    const titles = Array.from({ length: 6 }, (_, i) =>
      lines.filter((_, j) => j % 6 === i).join(' '),
    ).map((t) => t.slice(0, 1000));
    const calls = [
      { id: 'call_x1', type: 'function', function: { name: lines[2] ?? 'x', arguments: doc } },
      {
        id: 'call_x2',
        type: 'function',
        function: { name: 'calculate', arguments: JSON.stringify({ expression: doc }) },
      },
    ];
    const rich = {
      conversation: { id: 'rich', title: titles[0] },
      activeLeafId: 'a2',
      messages: [
        { id: 'u1', parentId: null, role: 'user', content: doc },
        {
          id: 'a1',
          parentId: 'u1',
          role: 'assistant',
          content: doc,
          reasoning: doc,
          toolCalls: calls,
          finishReason: 'tool_calls',
        },
        ...calls.map((call, i) => ({
          id: `t${i}`,
          parentId: i === 0 ? 'a1' : 't0',
          role: 'tool',
          toolCallId: call.id,
          content: doc,
          toolRun: { name: call.function.name, status: i === 0 ? 'done' : 'error' },
        })),
        {
          id: 'a2',
          parentId: 't1',
          role: 'assistant',
          content: doc,
          status: 'error',
          error: { code: lines[5] ?? 'x', message: doc, retryable: true },
        },
      ],
    };
    const others = titles.slice(1).map((title, i) => ({
      conversation: { id: `c${i}`, title },
      activeLeafId: `m${i}`,
      messages: [{ id: `m${i}`, parentId: null, role: 'user', content: title }],
    }));
    const res = await page.request.post('/api/import', {
      headers: sameOrigin,
      data: { format: 'parley.archive', version: 1, conversations: [...others, rich] },
    });
    expect(res.status()).toBe(201);
    const imported = (await res.json()) as { conversations: { path: string }[] };
    const richPath = imported.conversations.at(-1)?.path ?? '/';

    await chat.goto(richPath);
    await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'error');
    // Open every collapsed part (tool cards, reasoning) so their content is rendered.
    const messages = page.locator('article[data-role]');
    for (const summary of await messages.locator('summary').all()) await summary.click();
    for (const toggle of await messages.locator('[aria-expanded="false"]').all()) {
      await toggle.click();
    }
    await expect(messages.locator('details[open]').first()).toBeVisible();
    await expect(page.locator('body')).toContainText('calculate');
    await expectInert(page, canary, 'imported conversation with tool calls and errors');

    const sidebar = new Sidebar(page);
    await expect(sidebar.rows).toHaveCount(6);
    await expectInert(page, canary, 'titles in the history');
  });
});
