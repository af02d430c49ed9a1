// Every screen at phone, tablet and desktop widths, light and dark (issue 24): nothing scrolls
// sideways and every control a person can see lies inside the window. Geometry, not pixels
// (Chromium's pixels differ between machines; boxes do not); each screen's picture is attached
// to the test report. The message box is one rounded box: the text on top across its width,
// the controls inside it below the text.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type AppServer, startApp } from '../support/app-server';
import { E2E_API_KEY, E2E_MODEL, MOCK_UPSTREAM_URL } from '../support/env';
import { ChatPage } from './pages/chat-page';
import { ShareDialog } from './pages/share-page';

type Rect = { left: number; top: number; right: number; bottom: number };
type Offender = { what: string; rect: Rect };

/**
 * Controls that are shown (not hidden, not scrolled out of their list) but reach outside the
 * window, and how far the document scrolls sideways.
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="menuitem"], [role="option"], [role="checkbox"], [tabindex]:not([tabindex="-1"])';
    const width = window.innerWidth;
    const doc = document.scrollingElement ?? document.documentElement;
    // Pages that scroll as a whole (the shared page) may have controls below the fold.
    const height = Math.max(window.innerHeight, doc.scrollHeight);
    const offenders: { what: string; rect: Rect }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(CONTROLS)) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      // Screen-reader-only text (1 × 1 px, clipped) is not something one sees.
      if (box.width <= 1 && box.height <= 1) continue;
      // What is left of the box once every clipping ancestor (a scrolled list) has cut it.
      let rect: Rect = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = a.getBoundingClientRect();
        rect = {
          left: Math.max(rect.left, clip.left),
          top: Math.max(rect.top, clip.top),
          right: Math.min(rect.right, clip.right),
          bottom: Math.min(rect.bottom, clip.bottom),
        };
      }
      if (rect.right - rect.left < 1 || rect.bottom - rect.top < 1) continue; // scrolled away
      const scrollY = window.scrollY;
      if (
        rect.left < -0.5 ||
        rect.right > width + 0.5 ||
        rect.top + scrollY < -0.5 ||
        rect.bottom + scrollY > height + 0.5
      ) {
        const name =
          el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
        offenders.push({ what: `${el.tagName.toLowerCase()} “${name}”`, rect });
      }
    }
    return { scrollWidth: doc.scrollWidth, innerWidth: width, offenders };
  });
}

async function expectFits(page: Page, screen: string) {
  await page.evaluate(() => document.fonts.ready);
  await test.info().attach(`${screen}.png`, {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  const { scrollWidth, innerWidth, offenders } = await measure(page);
  expect(scrollWidth, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  expect(offenders as Offender[], `${screen}: controls outside the window`).toEqual([]);
}

/** The message box: one rounded box, text across it on top, every control inside below it. */
async function expectComposerBox(page: Page) {
  const chat = new ChatPage(page);
  const box = page.getByTestId('composer-box');
  const outer = await box.boundingBox();
  const text = await chat.composer.boundingBox();
  if (!outer || !text) throw new Error('no message box');
  // The text spans the box (less its side padding) and is on top.
  expect(text.width).toBeGreaterThanOrEqual(outer.width - 40);
  expect(text.y).toBeLessThan(outer.y + 8);
  // The placeholder is one line: the empty box is one line of text tall.
  const { lineHeight, padding } = await chat.composer.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      lineHeight: Number.parseFloat(s.lineHeight),
      padding: Number.parseFloat(s.paddingTop) + Number.parseFloat(s.paddingBottom),
    };
  });
  await expect(chat.composer).toHaveValue('');
  expect(text.height - padding, 'the placeholder wraps').toBeLessThan(lineHeight * 1.5);
  const controls = [
    page.getByRole('button', { name: 'Attach files' }),
    page.getByRole('button', { name: /^Tools/ }),
    page.getByRole('combobox', { name: 'Model' }),
    page.getByRole('button', { name: 'Settings', exact: true }),
    chat.sendButton,
  ];
  for (const control of controls) {
    const b = await control.boundingBox();
    if (!b) throw new Error(`${control} is not shown`);
    expect(b.x, `${control} inside the box`).toBeGreaterThanOrEqual(outer.x);
    expect(b.x + b.width, `${control} inside the box`).toBeLessThanOrEqual(outer.x + outer.width);
    expect(b.y, `${control} below the text`).toBeGreaterThanOrEqual(text.y + text.height - 1);
    expect(b.y + b.height, `${control} inside the box`).toBeLessThanOrEqual(outer.y + outer.height);
  }
}

let gate: AppServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  gate = await startApp({
    env: {
      OPENAI_BASE_URL: MOCK_UPSTREAM_URL,
      OPENAI_API_KEY: E2E_API_KEY,
      CHAT_MODEL: E2E_MODEL,
      ACCESS_CODES: 'viewport-only',
    },
  });
});
test.afterAll(async () => {
  await gate?.stop();
});

for (const width of [375, 768, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`every screen fits at ${width} px, ${theme}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width < 768 ? 667 : 800 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      const chat = new ChatPage(page);
      await chat.goto('/');
      await expectComposerBox(page);
      await expectFits(page, 'new chat');

      // The box grows with the text, up to a limit, and stays inside the window.
      const before = (await chat.composer.boundingBox())?.height ?? 0;
      await chat.composer.fill(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
      const grown = (await chat.composer.boundingBox())?.height ?? 0;
      expect(grown).toBeGreaterThan(before * 2);
      expect(grown).toBeLessThanOrEqual(
        Math.max(128, ((await page.viewportSize())?.height ?? 0) / 2),
      );
      await expectFits(page, 'a long draft');
      await chat.composer.fill('');

      await page.getByRole('button', { name: /^Tools/ }).click();
      await expect(page.getByRole('group', { name: /tools/i })).toBeVisible();
      await expectFits(page, 'tools menu');
      await page.keyboard.press('Escape');

      const tag = randomUUID().slice(0, 8);
      await chat.sendAndWait(`[[mock:markdown]] markdown ${tag}`);
      await chat.sendAndWait('[[mock:tools calls=1 names=get_current_time]] a tool');
      await chat.lastAssistant().getByTestId('tool-call').locator('summary').click();
      await expectFits(page, 'conversation');

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Conversation settings' })).toBeVisible();
      await expectFits(page, 'settings dialog');
      await page.keyboard.press('Escape');

      const share = new ShareDialog(page);
      await share.open();
      const link = await share.create();
      await expectFits(page, 'share dialog');
      await page.keyboard.press('Escape');

      if (width < 768) await page.getByRole('button', { name: 'Conversations' }).click();
      await page.locator('aside#sidebar').getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
      await expectFits(page, 'account dialog');
      await page.keyboard.press('Escape');

      await page.goto(link);
      await expect(page.locator('article[data-role]').first()).toBeVisible();
      await expectFits(page, 'shared page');

      await page.goto(`${gate.url}/`);
      await expect(page.getByLabel('Access code')).toBeVisible();
      await expectFits(page, 'access gate');
    });
  }
}
