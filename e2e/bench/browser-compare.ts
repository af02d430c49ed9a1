// The `compare` rows of `npm run bench`: the browser's main-thread time while three answers of a
// comparison stream side by side at 100 tokens/s each, against one answer in the same new chat,
// measured in the same Chromium one after the other (headless, production build, mock upstream).
import type { Page } from '@playwright/test';
import { launchChromium } from './browser-session';
import { composerReady, LAST_WORDS } from './browser-page';
import { atMost, finite, median, type Row } from './report';

const TOKENS = 2000;
const RATE = 100;
/** The bench app's models (CHAT_MODELS of its default provider). */
export const COMPARE_MODELS = ['mock-model', 'mock-model-2', 'mock-model-3'] as const;

/** Every answer on screen is complete and shows the benchmark answer's last words. */
function allComplete({ lastWords, count }: { lastWords: string; count: number }): boolean {
  const turns = [...document.querySelectorAll('article[data-role="assistant"]')];
  const done = turns.filter(
    (t) =>
      t.getAttribute('data-status') === 'complete' && (t.textContent ?? '').includes(lastWords),
  );
  return done.length >= count;
}

async function openNewChat(page: Page, appUrl: string) {
  await page.goto(`${appUrl}/`);
  await page.waitForFunction(composerReady, null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

async function pick(page: Page, models: readonly string[]) {
  await page.getByRole('button', { name: /^Compare/ }).click();
  for (const model of models) {
    await page.getByRole('checkbox', { name: model, exact: true }).check();
  }
  await page.keyboard.press('Escape');
}

/** Main-thread time (CDP TaskDuration) from Send until `count` answers are complete on screen. */
async function measure(page: Page, count: number): Promise<{ task: number; cpu: number }> {
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const seconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return { task: get('TaskDuration'), cpu: get('ThreadTime') };
  };
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill(`[[mock:markdown tokens=${TOKENS} rate=${RATE}]] measure this`);
  const before = await seconds();
  await page.getByRole('button', { name: 'Send' }).click();
  // Polled rarely: the polling itself is main-thread work.
  await page.waitForFunction(
    allComplete,
    { lastWords: LAST_WORDS, count },
    { polling: 1000, timeout: 120_000 },
  );
  const after = await seconds();
  await cdp.detach();
  return { task: (after.task - before.task) * 1000, cpu: (after.cpu - before.cpu) * 1000 };
}

export async function benchCompare(appUrl: string, runs: number): Promise<Row[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const one: { task: number; cpu: number }[] = [];
    const three: { task: number; cpu: number }[] = [];
    // A warm-up of each first (chunks loaded, code compiled), then the runs, interleaved.
    for (let i = 0; i <= runs; i++) {
      console.log(`compare: run ${i === 0 ? 'warm-up' : i} of ${runs}…`);
      await openNewChat(page, appUrl);
      const single = await measure(page, 1);
      await openNewChat(page, appUrl);
      await pick(page, COMPARE_MODELS);
      const side = await measure(page, COMPARE_MODELS.length);
      if (i > 0) {
        one.push(single);
        three.push(side);
      }
    }
    await context.close();
    const of = (xs: number[]) => finite(median(xs));
    const single = of(one.map((x) => x.task));
    const compared = of(three.map((x) => x.task));
    const cpu = (xs: { cpu: number }[]) =>
      `CPU ${Math.round(of(xs.map((x) => x.cpu)) ?? Number.NaN).toLocaleString('en-US')} ms`;
    return [
      {
        id: 'compare.mainThread.1',
        group: 'compare',
        label: 'main-thread time, one answer of 2,000 tokens at 100/s (new chat)',
        value: single,
        unit: 'ms',
        runs: one.map((x) => x.task),
        note: cpu(one),
      },
      {
        id: 'compare.mainThread.3',
        group: 'compare',
        label: 'main-thread time, three answers of 2,000 tokens at 100/s each, side by side',
        value: compared,
        unit: 'ms',
        runs: three.map((x) => x.task),
        note: `${single ? `${((compared ?? Number.NaN) / single).toFixed(2)}× one answer; ` : ''}${cpu(three)}`,
        budget: atMost(compared, 3 * (single ?? Number.NaN), 'ms'),
      },
    ];
  } finally {
    await browser.close();
  }
}
