// An answer's final blocks render in groups of 16 (components/chat/markdown/markdown.tsx), and a
// streamed answer skips the groups off screen (content-visibility), each then a layout context
// of its own, and each of its blocks a stacking context. The gaps between blocks must not show
// where one group ends: app/globals.css sets the gap between two groups to the margin that
// collapses between two blocks inside one; and the saved copy, with neither, lays out the same.
import { expect, type Locator, test } from '@playwright/test';
import { ChatPage } from './pages/chat-page';

interface Block {
  tag: string;
  group: number;
  isolation: string;
  top: number;
  bottom: number;
}

/** Every block of the answer's text, with its group and its place below the text's top. */
function blocksOf(answer: Locator): Promise<Block[]> {
  return answer.evaluate((article) => {
    const root = article.querySelector('[data-markdown]');
    if (!root) return [];
    const origin = root.getBoundingClientRect().top;
    return [...root.children].flatMap((group, g) =>
      group.hasAttribute('data-markdown-group')
        ? [...group.children].map((block) => {
            const box = block.getBoundingClientRect();
            return {
              tag: block.tagName,
              group: g,
              isolation: getComputedStyle(block).isolation,
              top: box.top - origin,
              bottom: box.bottom - origin,
            };
          })
        : [],
    );
  });
}

test('a long answer’s gaps between blocks are the same across groups, streamed or reloaded', async ({
  page,
}) => {
  const chat = new ChatPage(page);
  await chat.goto('/');
  const answer = await chat.sendAndWait('[[mock:markdown tokens=1000 rate=500]] group me');
  // Colours change no sizes, but measure once they are in, on both sides.
  await expect(answer.locator('pre:not([data-highlighted])')).toHaveCount(0);
  const streamed = await blocksOf(answer);

  const groups = new Map<number, number>();
  for (const block of streamed) groups.set(block.group, (groups.get(block.group) ?? 0) + 1);
  expect(groups.size).toBeGreaterThanOrEqual(3);
  expect([...groups.values()].slice(0, -1).every((count) => count === 16)).toBe(true);
  // Streamed here, each block is painted on its own (virtual-row.tsx), and lays out the same.
  expect(new Set(streamed.map((b) => b.isolation))).toEqual(new Set(['isolate']));

  // The gap between two kinds of block, inside a group and where one group ends.
  const inside = new Map<string, number[]>();
  const across = new Map<string, number[]>();
  for (let i = 1; i < streamed.length; i++) {
    const [prev, next] = [streamed[i - 1], streamed[i]];
    if (!prev || !next) continue;
    const kind = `${prev.tag}→${next.tag}`;
    const into = prev.group === next.group ? inside : across;
    const gaps = into.get(kind) ?? [];
    gaps.push(next.top - prev.bottom);
    into.set(kind, gaps);
  }
  let compared = 0;
  for (const [kind, gaps] of across) {
    const usual = inside.get(kind)?.[0];
    if (usual === undefined) continue;
    for (const gap of gaps) expect(Math.abs(gap - usual), kind).toBeLessThan(1);
    compared++;
  }
  expect(compared).toBeGreaterThan(0);

  // The saved copy, without content-visibility, lays out the same.
  await page.reload();
  await expect(chat.lastAssistant().locator('pre[data-highlighted]').first()).toBeVisible();
  await expect(chat.lastAssistant().locator('pre:not([data-highlighted])')).toHaveCount(0);
  const saved = await blocksOf(chat.lastAssistant());
  expect(new Set(saved.map((b) => b.isolation))).toEqual(new Set(['auto']));
  expect(saved.map((b) => `${b.group}:${b.tag}`)).toEqual(
    streamed.map((b) => `${b.group}:${b.tag}`),
  );
  for (const [i, block] of saved.entries()) {
    expect(Math.abs(block.top - (streamed[i]?.top ?? Number.NaN)), `block ${i}`).toBeLessThan(1);
  }
});
