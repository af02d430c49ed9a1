import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { holdScripts } from '../support/hold-scripts';
import { mockRequests, releaseMock } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';

const key = () => `k${randomUUID().slice(0, 8)}`;
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `tok${i + 1}`).join(' ');

test('a streamed answer survives a reload at /c/[id]', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const k = key();
  await chat.send(`[[mock:pause key=${k} after=3 tokens=9]] Why is the sky blue?`);

  // Mid-stream, deterministically: the mock holds the answer after three tokens.
  const answer = chat.lastAssistant();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await expect(answer).toContainText('tok1 tok2 tok3');
  await expect(chat.stopButton).toBeVisible();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
  await expect(answer).toContainText(tokens(9));
  await expect(chat.sendButton).toBeVisible();

  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.lastUser()).toContainText('Why is the sky blue?');
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'complete');
  await expect(chat.lastAssistant()).toContainText(tokens(9));
});

test('Stop ends the answer, keeps the partial text and saves it as interrupted', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const k = key();
  await chat.send(`[[mock:pause key=${k} after=2 tokens=20]] long story`);
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await chat.stopButton.click();
  await chat.waitForAssistantStatus('interrupted');
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await expect(chat.lastAssistant()).not.toContainText('tok3');

  await page.reload();
  await chat.waitForAssistantStatus('interrupted');
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
});

test('a reload during generation shows the partial answer and follows it to the end', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const k = key();
  await chat.send(`[[mock:pause key=${k} after=2 tokens=6]] keep going`);
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await expect(page).toHaveURL(/\/c\//);
  await page.reload();
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'streaming');
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  // The server is still writing it, so this tab offers Stop rather than a second send.
  await expect(chat.stopButton).toBeVisible();
  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant()).toContainText(tokens(6));
  await expect(chat.sendButton).toBeVisible();
});

test('after a reload, Stop still stops the answer the server is writing', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send(`[[mock:pause key=${key()} after=2 tokens=6]] stop me later`);
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await expect(page).toHaveURL(/\/c\//);
  await page.reload();
  await expect(chat.lastAssistant()).toHaveAttribute('data-status', 'streaming');
  await chat.stopButton.click();
  await chat.waitForAssistantStatus('interrupted');
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await expect(chat.sendButton).toBeVisible();
});

test('model output with script, onerror and javascript: payloads renders as inert text', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  const fired: string[] = [];
  page.on('dialog', (d) => {
    fired.push(d.message());
    void d.dismiss();
  });
  await chat.goto('/');
  const payload =
    '<script>window.__xss = "script"</script> <img src=x onerror="window.__xss = \'img\'"> [click me](javascript:window.__xss=\'link\') <iframe src="javascript:alert(1)"></iframe>';
  await chat.send(`[[mock:echo]] ${payload}`);
  const answer = await chat.waitForAssistantStatus('complete');

  await expect(answer).toContainText('<script>');
  await expect(answer).toContainText('onerror');
  for (const selector of ['script', 'img', 'iframe', 'a[href^="javascript:"]']) {
    await expect(page.locator(`article ${selector}`)).toHaveCount(0);
  }
  await answer
    .getByText('click me')
    .click({ trial: false })
    .catch(() => {});
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: string }).__xss),
  ).toBeUndefined();
  expect(fired).toEqual([]);
});

test('composer: Enter sends, Shift+Enter adds a line, empty cannot be sent, the draft survives a reload', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await expect(chat.sendButton).toBeDisabled();
  await chat.composer.fill('   ');
  await expect(chat.sendButton).toBeDisabled();

  await chat.composer.fill('');
  await chat.composer.pressSequentially('first line');
  await chat.composer.press('Shift+Enter');
  await chat.composer.pressSequentially('second line');
  await expect(chat.composer).toHaveValue('first line\nsecond line');

  await page.reload();
  await expect(chat.composer).toHaveValue('first line\nsecond line');

  await chat.composer.press('End');
  await chat.composer.pressSequentially(' [[mock:text tokens=3]]');
  await chat.composer.press('Enter');
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastUser()).toContainText('first line');
  await expect(chat.composer).toHaveValue('');
});

test('text typed before the page is interactive is kept, and is what Send sends', async ({
  page,
}) => {
  // The scripts are held, so the box is the server's HTML until they are let through.
  const release = await holdScripts(page);
  const chat = new ChatPage(page);
  await page.goto('/', { waitUntil: 'commit' });
  const words = `typed early ${key()}`;
  const text = `[[mock:text tokens=3]] ${words}`;
  await chat.composer.fill(text);
  await expect(chat.sendButton).toBeDisabled();
  release();
  // Send can only turn enabled once React has hydrated the page and knows the text.
  await expect(chat.sendButton).toBeEnabled();
  await expect(chat.composer).toHaveValue(text);
  await chat.sendButton.click();
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastUser()).toContainText(words);
  await expect(chat.composer).toHaveValue('');
});

test('an upstream error is shown inline with Retry, which asks again', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const marker = `[[mock:http status=500]] ${key()}`;
  await chat.send(marker);
  const answer = await chat.waitForAssistantStatus('error');
  await expect(answer.getByRole('alert')).toContainText('HTTP 500');
  // The marker is unique to this test, so only its own upstream requests are counted.
  const asked = async () =>
    (await mockRequests()).filter((r) => JSON.stringify(r.body).includes(marker)).length;
  expect(await asked()).toBe(1);
  await answer.getByRole('button', { name: 'Retry' }).click();
  // Retry really asked the model again: a second upstream request carries the same message.
  await expect.poll(asked).toBe(2);
  await expect(chat.messages('assistant')).toHaveCount(1);
  await chat.waitForAssistantStatus('error');
  // The user's message was not duplicated by the retry.
  await expect(chat.messages('user')).toHaveCount(1);
});

test('an answer cut by the length limit offers Continue', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send('[[mock:text tokens=4 finish=length]] tell me everything');
  const answer = await chat.waitForAssistantStatus('complete');
  await expect(answer).toContainText('cut off');
  await answer.getByRole('button', { name: 'Continue' }).click();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(chat.lastUser()).toContainText('Continue');
  await chat.waitForAssistantStatus('complete');
});

test('reasoning is collapsible and usage is shown', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send('[[mock:reasoning]] think first');
  const answer = await chat.waitForAssistantStatus('complete');
  const thinking = answer.locator('details').filter({ hasText: /Thought|Thinking/ });
  await expect(thinking).toHaveCount(1);
  await thinking.locator('summary').click();
  await expect(thinking).toHaveAttribute('open', '');
  await expect(answer).toContainText(/tokens/);
});

test('auto-scroll follows the answer until the reader scrolls up, then offers a way back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 500 });
  const chat = new ChatPage(page);
  await chat.goto('/');
  const scroller = page.getByTestId('messages');
  const atBottom = () =>
    scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 48);
  const k = key();
  await chat.send(`[[mock:pause key=${k} after=400 tokens=1200]] a very long answer`);
  await expect(chat.lastAssistant()).toContainText('tok400');
  // Following: the view sits at the bottom of a reply taller than the screen.
  await expect.poll(atBottom).toBe(true);
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight * 2)).toBe(true);
  const jump = page.getByRole('button', { name: /Jump to latest/ });
  await expect(jump).toBeHidden();

  await scroller.hover();
  await page.mouse.wheel(0, -600);
  await expect(jump).toBeVisible();
  const readerAt = await scroller.evaluate((el) => el.scrollTop);

  await releaseMock(k);
  await chat.waitForAssistantStatus('complete');
  await expect(chat.lastAssistant()).toContainText('tok1200');
  // The answer grew, but the reader stays where they scrolled to.
  expect(await atBottom()).toBe(false);
  expect(Math.abs((await scroller.evaluate((el) => el.scrollTop)) - readerAt)).toBeLessThan(4);

  await jump.click();
  await expect(jump).toBeHidden();
  await expect.poll(atBottom).toBe(true);
});

test('the list is at the end of the answer whenever its text changes, before it is painted', async ({
  page,
}) => {
  // The answer takes 7 s at the mock's pace; a busy machine (CI runs two browsers on two cores)
  // stretched it past the default 10 s wait once.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 900, height: 500 });
  const chat = new ChatPage(page);
  await chat.goto('/');
  // Each change to the streaming answer's text is seen right after React wrote it (a mutation
  // observer runs before the frame): the list must already show its end then, not a frame later.
  await page.evaluate(() => {
    const w = window as unknown as { __gaps: number[] };
    w.__gaps = [];
    new MutationObserver((records) => {
      const list = document.querySelector('[data-testid="messages"]');
      const answer = document.querySelector(
        'article[data-role="assistant"][data-status="streaming"]',
      );
      if (!list || !answer) return;
      // Only the answer's own text: not rows the list adds, nor code highlighted afterwards.
      const grew = records.some((r) => {
        const at = r.target instanceof Element ? r.target : r.target.parentElement;
        return at !== null && answer.contains(at) && !at.closest('pre[data-highlighted]');
      });
      if (grew) w.__gaps.push(list.scrollHeight - list.scrollTop - list.clientHeight);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await chat.send('[[mock:markdown tokens=600 rate=100]] follow this answer');
  await chat.waitForAssistantStatus('complete', { timeout: 40_000 });
  const gaps = await page.evaluate(() => (window as unknown as { __gaps: number[] }).__gaps);
  expect(gaps.length).toBeGreaterThan(20);
  expect(gaps.filter((gap) => gap > 2)).toEqual([]);
});

test('Stop says Stopped; a dropped connection is a failure with Retry and Continue', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send(`[[mock:pause key=${key()} after=2 tokens=20]] stop me`);
  await expect(chat.lastAssistant()).toContainText('tok1 tok2');
  await chat.stopButton.click();
  const stopped = await chat.waitForAssistantStatus('interrupted');
  await expect(stopped).toContainText('Stopped: you ended this answer');
  await expect(stopped.getByRole('alert')).toHaveCount(0);
  await expect(stopped.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  await chat.send(`[[mock:reset after=3]] ${key()}`);
  await expect(chat.messages('assistant')).toHaveCount(2);
  const failed = await chat.waitForAssistantStatus('error');
  await expect(failed).toContainText(tokens(3));
  const alert = failed.getByRole('alert');
  await expect(alert).toHaveText(/^The connection to the AI provider dropped/);
  await expect(failed).not.toContainText('Stopped');
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await alert.getByRole('button', { name: 'Continue' }).click();
  await expect(chat.lastUser()).toContainText('Continue');
  await chat.waitForAssistantStatus('complete');
});

test('a rate limit says how long to wait, once', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.send(`[[mock:http status=429 retry=9]] ${key()}`);
  const answer = await chat.waitForAssistantStatus('error');
  const alert = answer.getByRole('alert');
  await expect(alert).toContainText('Try again in 9 s.');
  expect(((await alert.textContent()) ?? '').match(/9 s/g)).toHaveLength(1);
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
});
