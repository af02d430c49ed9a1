import { expect, type Page, test } from '@playwright/test';
import { DEMO_APP_URL } from '../support/env';
import { ChatPage } from './pages/chat-page';
import { ShareDialog } from './pages/share-page';

test('with no provider configured, the labelled offline demo model streams a reply', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  await expect(page.getByText('Demo (offline)').first()).toBeVisible();
  // How to connect a real provider is on screen (the header's hint only in a wide column).
  await expect(
    page
      .getByText(/OPENAI_BASE_URL/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();

  await chat.send('Hello there, demo!');
  const answer = chat.lastAssistant();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  await expect(answer).toContainText('Hello there, demo!');
  await expect(answer).toContainText('offline demo model');
  await expect(answer.locator('table')).toHaveCount(1);
  await expect(answer.locator('pre code')).toContainText('OPENAI_BASE_URL');
});

/** "HH:MM" now in a zone, and a minute later (the answer may land on either side of a minute). */
function clockIn(timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const now = Date.now();
  return [format.format(now - 60_000), format.format(now), format.format(now + 60_000)];
}

const PROMPTS: Record<string, string> = {
  'Explain a concept': 'Explain how rainbows form, in three short paragraphs.',
  'Write some code':
    'Write a Python function that checks whether a string is a palindrome, with tests.',
  'Use a tool': 'What time is it in Tokyo right now?',
  'Do the maths': 'What is 12 × 34 + 56?',
};

/** Clicks a suggestion: it is sent at once (not only put in the box) and answered. */
async function useSuggestion(page: Page, title: string) {
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  const prompt = PROMPTS[title] ?? '';
  await expect(chat.lastUser()).toContainText(prompt);
  await expect(chat.composer).toHaveValue('');
  const answer = await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  await expect(chat.messages('user')).toHaveCount(1);
  // Answers are sentences, never a tool's raw JSON.
  await expect(answer).not.toContainText('{"');
  return { chat, answer, prompt };
}

test.describe('each suggestion on the empty screen gets the right answer from the demo', () => {
  test('Explain a concept: a short explanation of rainbows', async ({ page }) => {
    const { answer } = await useSuggestion(page, 'Explain a concept');
    await expect(answer).toContainText('refraction');
    await expect(answer).toContainText('red on the outside');
    await expect(answer).not.toContainText('You said');
    await expect(answer.getByTestId('tool-call')).toHaveCount(0);
  });

  test('Write some code: a palindrome checker in Python, in a code block', async ({ page }) => {
    const { answer } = await useSuggestion(page, 'Write some code');
    const code = answer.locator('pre code');
    await expect(code).toHaveCount(1);
    await expect(code).toContainText('def is_palindrome(text: str) -> bool:');
    await expect(code).toContainText('return letters == letters[::-1]');
    await expect(code).toContainText('unittest.main()');
    await expect(answer).not.toContainText('You said');
    await expect(answer.getByTestId('tool-call')).toHaveCount(0);
  });

  test('Use a tool: the time in Tokyo, asked for in the Asia/Tokyo zone', async ({ page }) => {
    const { answer } = await useSuggestion(page, 'Use a tool');
    const card = answer.getByTestId('tool-call');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(card.locator('summary')).toContainText('Asia/Tokyo');
    const text = (await answer.textContent()) ?? '';
    const clock = /In Tokyo it is (\d{2}:\d{2}) on /.exec(text)?.[1];
    expect(clockIn('Asia/Tokyo')).toContain(clock);
    await expect(answer).toContainText('(Asia/Tokyo, UTC+09:00)');
  });

  test('Do the maths: 12 × 34 + 56 = 464, with a short title', async ({ page }) => {
    const { answer, prompt } = await useSuggestion(page, 'Do the maths');
    expect(prompt).toContain('12 × 34 + 56');
    await expect(answer.getByTestId('tool-call').locator('summary')).toContainText('calculate');
    await expect(answer).toContainText('12 × 34 + 56 = 464.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('12 × 34 + 56');
    const history = page.getByRole('navigation', { name: 'Conversation history' });
    await expect(history.getByRole('link', { name: /12 × 34 \+ 56/ })).toBeVisible();
  });
});

test('the demo reads arithmetic in words and converts units', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  await chat.send('What is 12 times 34 plus 56, and 100 ÷ 8 − 2?');
  const sum = await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  await expect(sum).toContainText('12 × 34 + 56 = 464.');

  await chat.send('Convert 10 km to miles');
  await expect(chat.messages('assistant')).toHaveCount(2);
  const miles = await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  await expect(miles).toContainText('10 km is 6.2137119 mi.');
  await expect(miles).not.toContainText('{"');
});

test('the shared page names the demo model by its display name', async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.goto(`${DEMO_APP_URL}/`);
  await chat.send('What is 2 + 2?');
  await chat.waitForAssistantStatus('complete', { timeout: 20_000 });
  const share = new ShareDialog(page);
  await share.open();
  const url = await share.create();
  await expect(share.dialog).toContainText('Snapshot of 1 question and 1 answer');
  await page.goto(url);
  await expect(page.getByText('Answered by Demo (offline)')).toBeVisible();
  await expect(page.getByText('Model demo')).toHaveCount(0);
});
