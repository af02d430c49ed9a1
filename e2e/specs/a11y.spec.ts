// No serious or critical axe violations on the chat and history views, in both themes: the
// empty chat, a conversation with markdown, a code block, math, reasoning and tool cards, the
// history sidebar (desktop) and drawer (phone), search results, and the app's dialogs.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';

const tag = () => randomUUID().slice(0, 8);

/** Serious and critical violations, with enough detail to find each offending node. */
async function violations(page: Page): Promise<string[]> {
  // Highlighting and fonts settle first: colour contrast is measured on what is finally shown.
  await page.evaluate(() => document.fonts.ready);
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary}`),
    );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      // The OS says the opposite, so the chosen theme is what is tested.
      await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark' });
      await page.addInitScript((t) => localStorage.setItem('parley:theme', t), theme);
    });

    const expectTheme = async (page: Page) => {
      const html = expect(page.locator('html'));
      await (theme === 'dark' ? html : html.not).toHaveClass(/\bdark\b/);
    };

    test('the empty chat view', async ({ page }) => {
      const chat = new ChatPage(page);
      await chat.goto('/');
      await expectTheme(page);
      await expect(page.getByRole('heading', { name: 'How can I help?' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('a conversation with markdown, code, reasoning and tool cards', async ({ page }) => {
      const chat = new ChatPage(page);
      await chat.goto('/');
      await chat.sendAndWait(`[[mock:markdown]] show me markdown ${tag()}`);
      await expect(chat.lastAssistant().locator('pre')).toBeVisible();
      await expect(chat.lastAssistant().locator('.katex').first()).toBeVisible();
      await chat.sendAndWait('[[mock:reasoning]] think first');
      await chat.sendAndWait('[[mock:tools calls=2 names=get_current_time,calculate]] use tools');
      const cards = chat.lastAssistant().getByTestId('tool-call');
      await expect(cards).toHaveCount(2);
      await cards.first().locator('summary').click();
      await expectTheme(page);
      expect(await violations(page)).toEqual([]);
    });

    test('the history sidebar, its search results and the dialogs', async ({ page }) => {
      // Two answers and four accessibility scans: near 30 s when both workers share two busy
      // cores (it ran out once at 33.8 s in a full run).
      test.setTimeout(60_000);
      const chat = new ChatPage(page);
      const word = `history${tag()}`;
      await chat.goto('/');
      await chat.sendAndWait(`[[mock:text tokens=3]] first ${word}`);
      await chat.goto('/');
      await chat.sendAndWait(`[[mock:text tokens=3]] second ${word}`);
      const history = page.getByRole('navigation', { name: 'Conversation history' });
      await expect(history.getByRole('link')).not.toHaveCount(0);
      await expectTheme(page);
      expect(await violations(page)).toEqual([]);

      await page.getByRole('searchbox', { name: 'Search conversations' }).fill(word);
      const results = page.getByRole('navigation', { name: 'Search results' });
      await expect(results.getByRole('link')).not.toHaveCount(0);
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'My data' }).click();
      await page.getByRole('button', { name: 'Delete all my data' }).click();
      await expect(page.getByRole('dialog', { name: 'My data' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('the phone layout with the conversations drawer open', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const chat = new ChatPage(page);
      await chat.goto('/');
      await chat.sendAndWait(`[[mock:text tokens=3]] phone ${tag()}`);
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Conversations' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
      await expectTheme(page);
      expect(await violations(page)).toEqual([]);
    });
  });
}
