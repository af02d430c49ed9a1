// Secrets never leave the server: every client asset of the build, and every response (bodies
// and headers) of a crawl of every page and every API route and method, are searched for the
// API key, the upstream URLs and the providers' extra header and query values.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { apiRoutes } from '../support/api-routes';
import { E2E_API_KEY, MOCK_PORT, MOCK_UPSTREAM_URL, TEST_DIST_DIR } from '../support/env';
import { SMALL_PROVIDER_HEADER, SMALL_PROVIDER_QUERY } from '../support/providers';
import { ChatPage } from './pages/chat-page';
import { ShareDialog, SharedPage } from './pages/share-page';

const SECRETS = [
  E2E_API_KEY,
  MOCK_UPSTREAM_URL,
  `127.0.0.1:${MOCK_PORT}`,
  `localhost:${MOCK_PORT}`,
  SMALL_PROVIDER_HEADER.name,
  ...Object.values(SMALL_PROVIDER_QUERY),
];

function leaks(text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret));
}

test('no client asset of the build contains a secret', () => {
  const dir = join(TEST_DIST_DIR, 'static');
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f));
  expect(files.length).toBeGreaterThan(10);
  const found = files.flatMap((file) =>
    leaks(readFileSync(join(dir, file), 'latin1')).map((s) => `${file}: ${s}`),
  );
  expect(found).toEqual([]);
});

/** Records every response the page receives: URL, headers and body. */
function record(page: Page, into: string[]) {
  page.on('response', async (response) => {
    const headers = JSON.stringify(await response.allHeaders());
    const body = await response.text().catch(() => '');
    into.push(`${response.url()}\n${headers}\n${body}`);
  });
}

async function text(res: APIResponse) {
  return `${res.url()} ${res.status()}\n${JSON.stringify(res.headers())}\n${await res.text()}`;
}

test('no response of any page or API route carries a secret', async ({ page }) => {
  test.setTimeout(120_000);
  const seen: string[] = [];
  record(page, seen);
  const chat = new ChatPage(page);
  await chat.goto('/');
  // An answer, a provider error (its message is shown), the second provider with its header.
  await chat.sendAndWait('[[mock:markdown]] show me everything');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationId = page.url().split('/c/')[1] ?? '';
  await chat.sendAndWait('[[mock:http status=401]] a bad key', 'error');
  await chat.sendAndWait('[[mock:http status=500]] a broken upstream', 'error');
  await chat.goto('/');
  await chat.send('[[mock:tools calls=1 names=convert_units]] convert it');
  await expect(chat.lastAssistant().getByTestId('tool-call')).toHaveAttribute(
    'data-status',
    'awaiting_approval',
  );
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const toolConversationId = page.url().split('/c/')[1] ?? '';
  await page.reload();
  const dialog = new ShareDialog(page);
  await dialog.open();
  const shareUrl = await dialog.create();
  await dialog.dialog.getByRole('button', { name: 'Close' }).click();
  await new SharedPage(page).goto(shareUrl);
  await page.goto(`/c/${conversationId}`);
  await page.goto('/no-such-page');

  // Every API route and method, called as the app would (same origin, the user's cookie).
  const api = page.request;
  const origin = new URL(page.url()).origin;
  const detail = (await (await api.get(`/api/conversations/${toolConversationId}`)).json()) as {
    messages: { id: string; role: string }[];
  };
  const ids: Record<string, string> = {
    messageId: detail.messages.find((m) => m.role === 'assistant')?.id ?? '',
    toolMessageId: detail.messages.find((m) => m.role === 'tool')?.id ?? '',
  };
  const shareId = SharedPage.idOf(shareUrl);
  const body = JSON.stringify({ content: '[[mock:text tokens=2]] via the API', approve: true });
  // Deletions last, the user's own last of all: every other call still has something to act on.
  const order = (r: { method: string; pattern: string }) =>
    (r.pattern === '/api/me' ? 2 : 0) + (r.method === 'DELETE' ? 1 : 0);
  const routes = apiRoutes()
    .flatMap((r) => r.methods.map((method) => ({ method, pattern: r.pattern })))
    .sort((a, b) => order(a) - order(b));
  for (const { method, pattern } of routes) {
    const path = pattern.replace(/\[(\w+)\]/g, (_, param: string) =>
      param in ids
        ? (ids[param] ?? '')
        : pattern.startsWith('/api/shares/')
          ? shareId
          : toolConversationId,
    );
    const res = await api.fetch(path, {
      method,
      headers: { origin, 'content-type': 'application/json' },
      data: method === 'GET' || method === 'DELETE' ? undefined : body,
    });
    seen.push(await text(res));
  }
  for (const path of ['/api/models', '/api/tools', `/api/conversations/${conversationId}`]) {
    seen.push(await text(await api.get(path)));
  }

  expect(seen.length).toBeGreaterThan(30);
  const found = seen.flatMap((entry) =>
    leaks(entry).map((secret) => `${entry.split('\n')[0]}: ${secret}`),
  );
  expect(found).toEqual([]);
});
