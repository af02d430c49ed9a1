// The daily token budget end to end, on an app server of its own (TOKEN_BUDGET_GUEST small) with
// its own mock upstream: a guest spends it with one answer; the next message is refused before
// anything goes upstream, the chat says so in words with the time the budget comes back, and
// the typed text stays in the message box.
import { expect, test } from '@playwright/test';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { ChatPage } from './pages/chat-page';

const BUDGET = 30;
let mock: MockUpstream;
let app: AppServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mock = await startMockUpstream();
  app = await startApp({
    env: {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      TOKEN_BUDGET_GUEST: String(BUDGET),
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await mock?.close();
});

test("a guest who spent the day's tokens is told so, with the time they come back", async ({
  browser,
}) => {
  // This server's first page is cold (its own build chunks, PGlite's first queries): on a busy
  // 2-core machine that alone took 49 s once.
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  const chat = new ChatPage(page);
  await chat.goto('/');
  // The provider reports more than the whole budget for this one answer.
  await chat.send(`[[mock:text tokens=${BUDGET + 5} usage=1]] spend it all`);
  await chat.waitForAssistantStatus('complete');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  await chat.send('one more question');
  const alert = page.getByRole('alert').filter({ hasText: 'You have used' });
  await expect(alert).toHaveText(
    new RegExp(
      `You have used today's ${BUDGET} tokens\\. More at 00:00 UTC \\(in \\d+ (hours?|minutes|seconds?)\\)\\.`,
    ),
  );
  await expect(chat.composer).toHaveValue('one more question');
  await expect(chat.messages('user')).toHaveCount(1);
  // Nothing went upstream (a title for the first exchange may; this message may not).
  const mentions = mock.requests().filter((r) => JSON.stringify(r.body).includes('one more'));
  expect(mentions).toEqual([]);
  await context.close();
});
