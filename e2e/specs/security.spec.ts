// Security end to end: a page on a second loopback origin attacks every state-changing route
// while the user's tab is open (nothing changes); the pages run under the CSP without a single
// violation (KaTeX, code highlighting, the shared page with and without JavaScript).
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { attackPage, attackTargets, serveAttack } from '../support/attack-site';
import { mockRequests } from '../support/mock-control';
import { ChatPage } from './pages/chat-page';
import { ShareDialog, SharedPage } from './pages/share-page';
import { Sidebar } from './pages/sidebar-page';

const conversationIdOf = (page: Page) => page.url().split('/c/')[1] ?? '';

/** Everything the user can see of their data, through the API as their tab would ask. */
async function snapshot(api: APIRequestContext, ids: string[], shareId: string) {
  const paths = [
    '/api/conversations',
    '/api/shares',
    `/api/shares/${shareId}`,
    ...ids.flatMap((id) => [`/api/conversations/${id}`, `/api/conversations/${id}/share`]),
  ];
  const parts: string[] = [];
  for (const path of paths) {
    const res = await api.get(path);
    parts.push(`${path} ${res.status()} ${await res.text()}`);
  }
  return parts.join('\n');
}

async function upstreamMentions(text: string): Promise<number> {
  return (await mockRequests()).filter((r) => JSON.stringify(r.body).includes(text)).length;
}

test('a page on another origin cannot act for the user while their tab is open', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const token = randomUUID().slice(0, 8);
  const chat = new ChatPage(page);
  await chat.goto('/');
  // One conversation waits for a tool approval, another is shared.
  await chat.send(`[[mock:tools calls=1 names=convert_units]] waiting ${token}`);
  const card = chat.lastAssistant().getByTestId('tool-call');
  await expect(card).toHaveAttribute('data-status', 'awaiting_approval');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const waitingId = conversationIdOf(page);
  await chat.goto('/');
  await chat.sendAndWait(`[[mock:text tokens=3]] shared ${token}`);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const sharedId = conversationIdOf(page);
  const api = page.request;
  // Shared through the API as the dialog does (the dialog has its own specs).
  const created = await api.post(`/api/conversations/${sharedId}/share`, {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  });
  expect(created.status()).toBe(201);
  const shareId = ((await created.json()) as { share: { id: string } }).share.id;
  const detail = (await (await api.get(`/api/conversations/${waitingId}`)).json()) as {
    messages: { id: string; role: string }[];
  };
  const messageOf = (role: string) => detail.messages.find((m) => m.role === role)?.id ?? '';
  const targets = attackTargets(new URL(page.url()).origin, (param, pattern) => {
    if (param === 'messageId') return messageOf('assistant');
    if (param === 'toolMessageId') return messageOf('tool');
    return pattern.startsWith('/api/shares/') ? shareId : waitingId;
  });
  expect(targets.length).toBeGreaterThanOrEqual(15);

  const cookiesBefore = await context.cookies();
  expect(cookiesBefore.map((c) => c.name)).toContain('parley_session');
  const before = await snapshot(api, [waitingId, sharedId], shareId);
  const mentionedBefore = await upstreamMentions(token);

  const attacker = await serveAttack(() => attackPage(targets, token));
  try {
    for (const host of ['127.0.0.1', 'localhost']) {
      const attack = await context.newPage();
      await attack.goto(`http://${host}:${attacker.port}/`);
      await expect(attack).toHaveTitle('done', { timeout: 120_000 });
      // Last, a top-level cross-origin form post, answered 403 without a cookie.
      const [response] = await Promise.all([
        attack.waitForResponse((r) => r.url().endsWith('/api/chat')),
        // Closing a tab while its navigation commits hangs Chromium's close for good
        // (crbug.com/536385539, playwright#41900): the refusal must have loaded first.
        attack.waitForURL(/\/api\/chat$/, { waitUntil: 'load' }),
        attack.evaluate(() => (document.getElementById('top') as HTMLFormElement).submit()),
      ]);
      expect(response.status()).toBe(403);
      expect(await response.headerValue('set-cookie')).toBeNull();
      await expect(attack.locator('body')).toContainText('must come from Parley itself');
      await attack.close();
    }
  } finally {
    await attacker.close();
  }

  expect(await context.cookies()).toEqual(cookiesBefore);
  expect(await snapshot(api, [waitingId, sharedId], shareId)).toBe(before);
  expect(await upstreamMentions(token)).toBe(mentionedBefore);
  expect(await upstreamMentions(`pwned ${token}`)).toBe(0);

  // The user's own tab carries on as before, with every conversation there.
  const sidebar = new Sidebar(page);
  await chat.goto(`/c/${waitingId}`);
  for (const id of [waitingId, sharedId]) {
    await expect(sidebar.root.locator(`a[href="/c/${id}"]`)).toHaveCount(1);
  }
  await expect(card).toHaveAttribute('data-status', 'awaiting_approval');
});

/** Collects every CSP violation the page reports, from the console and from the DOM event. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|violates the following/i.test(message.text())) {
      violations.push(`${page.url()}: ${message.text()}`);
    }
  });
  return violations;
}

async function reportViolations(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
}

const RICH = [
  '[[mock:echo]] Math and code:',
  '',
  '$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$',
  '',
  'Inline $e^{i\\pi} + 1 = 0$ too.',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  '```python',
  'def greet(name):',
  '    return f"hi {name}"',
  '```',
].join('\n');

async function expectRich(page: Page) {
  await expect(page.locator('.katex').first()).toBeVisible();
  await expect(page.locator('.katex-display').first()).toBeVisible();
  // Shiki's colours arrive as inline styles on the tokens once highlighting ran.
  await expect(page.locator('pre code span[style*="--shiki-light"]').first()).toBeVisible();
}

test('pages run under the CSP without a single violation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const violations = watchCsp(page);
  await reportViolations(page);
  const chat = new ChatPage(page);
  await chat.goto('/');
  await chat.composer.fill(RICH);
  await chat.sendButton.click();
  await chat.waitForAssistantStatus('complete');
  await expectRich(page);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(chat.composer).toBeFocused();
  await expectRich(page);
  await page.getByRole('button', { name: /^Tools/ }).click();
  await page.keyboard.press('Escape');

  const dialog = new ShareDialog(page);
  await dialog.open();
  const url = await dialog.create();
  await dialog.dialog.getByRole('button', { name: 'Close' }).click();

  const shared = new SharedPage(page);
  await shared.goto(url);
  await expectRich(page);
  await page.goto(`/c/${randomUUID()}`);
  await page.goto('/no-such-page');
  await chat.goto('/');
  expect(violations).toEqual([]);

  // The shared page without JavaScript: rendered on the server, still no violation.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  const plainViolations = watchCsp(plain);
  await new SharedPage(plain).goto(url);
  // Without JavaScript the math stays as its source text; the transcript itself is all there.
  await expect(plain.getByText('Math and code:').first()).toBeVisible();
  await expect(plain.getByRole('button', { name: 'Continue this conversation' })).toBeVisible();
  await noJs.close();
  expect(plainViolations).toEqual([]);
});
