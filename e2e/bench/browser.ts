// Browser rows of `npm run bench`: headless Chromium against the production build, answers of
// 2,000 markdown tokens from the mock upstream into conversations with 0, 100 and 500 earlier
// messages (seeded through the import route), plus how soon a 500-message conversation is usable.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type AnswerCost, answerCost, browserLengthRows, lengthsFor } from './browser-length';
import { countNodes, FIRST_WORD, installMarks, readMarks, watchInteractive } from './browser-page';
import { browserRows, type BrowserResults } from './browser-rows';
import {
  guestCookie,
  launchChromium,
  openConversation,
  seed,
  sendAndWait,
} from './browser-session';
import { tracedAnswer } from './browser-trace';
import { tracedRows } from './browser-trace-rows';
import type { Row } from './report';
import { lastSeedText } from './seed';
import { longestTask } from './trace';

const COUNTS = [0, 100, 500] as const;
const BURST_COUNTS = [0, 100] as const;
const TRACED = { tokens: 2000, rate: 100 };
const TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'toplevel'];

type PacedRun = BrowserResults['paced'][number][number];

async function pacedRun(page: Page, appUrl: string, id: string): Promise<PacedRun> {
  await openConversation(page, appUrl, id);
  await page.evaluate(installMarks, FIRST_WORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // TaskDuration: wall time of the main thread's tasks; ThreadTime: its CPU time, which a busy
  // machine skews less.
  const seconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return { task: get('TaskDuration'), cpu: get('ThreadTime') };
  };
  const before = await seconds();
  await sendAndWait(page, 100);
  const after = await seconds();
  await cdp.detach();
  const marks = await page.evaluate(readMarks);
  return {
    mainThreadMs: (after.task - before.task) * 1000,
    mainThreadCpuMs: (after.cpu - before.cpu) * 1000,
    nodes: await page.evaluate(countNodes),
    firstTokenMs: marks.first - marks.click,
  };
}

async function burstRun(browser: Browser, page: Page, appUrl: string, id: string) {
  await openConversation(page, appUrl, id);
  await page.evaluate(installMarks, FIRST_WORD);
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await sendAndWait(page, 0);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const marks = await page.evaluate(readMarks);
  const longest = longestTask(trace);
  return {
    traced: longest?.ms ?? null,
    tracedCpu: longest?.cpuMs ?? null,
    observed: marks.longest,
  };
}

async function interactiveRun(context: BrowserContext, appUrl: string, id: string, text: string) {
  const page = await context.newPage();
  try {
    // As source: tsx names inner functions with an `__name` helper the page does not have.
    await page.addInitScript({
      content: `var __name = (f) => f; (${watchInteractive})(${JSON.stringify(text)});`,
    });
    await page.goto(`${appUrl}/c/${id}`, { waitUntil: 'commit' });
    const ready = await page.waitForFunction(
      () => (window as unknown as { __benchReady?: number }).__benchReady,
      null,
      { polling: 250, timeout: 60_000 },
    );
    return Number(await ready.jsonValue());
  } finally {
    await page.close();
  }
}

export interface BrowserBench {
  rows: Row[];
  chromium: string;
  /** Parts that failed (their rows say "not measured"); the others still count. */
  failures: string[];
}

/** Answers of 2,000, 8,000 and 32,000 tokens at a pace, one run each (see browser-length.ts). */
async function lengthRuns(
  page: Page,
  appUrl: string,
  cookie: string,
  rate: number,
  long: boolean,
): Promise<Row[]> {
  const lengths = lengthsFor(rate, long);
  const ids = await seed(appUrl, cookie, 0, lengths.length);
  const costs = new Map<number, AnswerCost>();
  for (const [i, tokens] of lengths.entries()) {
    console.log(`browser: ${tokens.toLocaleString('en-US')} tokens, ${rate || 'full speed'}/s…`);
    costs.set(tokens, await answerCost(page, appUrl, ids[i] as string, tokens, rate));
  }
  return browserLengthRows(rate, costs);
}

export async function benchBrowser(
  appUrl: string,
  runs: number,
  long = false,
): Promise<BrowserBench> {
  const browser = await launchChromium();
  const failures: string[] = [];
  const part = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      console.error(`browser: ${name} failed:`, error);
      failures.push(
        `browser ${name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      );
    }
  };
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cookie = await guestCookie(context, appUrl);
    const results: BrowserResults = { paced: {}, burst: {}, interactive: [] };
    const page = await context.newPage();

    await part('earlier messages at 100 tokens/s', async () => {
      // One warm-up run, then the sizes take turns (0, 100, 500, 0, …): the rows are compared
      // with each other, and a machine that slows down or speeds up during the runs (another
      // process, its host) then weighs on every size alike instead of on the last one measured.
      const seeded = new Map<number, string[]>();
      for (const count of COUNTS) seeded.set(count, await seed(appUrl, cookie, count, runs));
      const [warm] = await seed(appUrl, cookie, COUNTS[0] ?? 0, 1);
      if (warm) await pacedRun(page, appUrl, warm);
      for (let round = 0; round < runs; round++) {
        for (const count of COUNTS) {
          const id = seeded.get(count)?.[round];
          if (!id) continue;
          console.log(
            `browser: ${count} earlier messages, 100 tokens/s (run ${round + 1} of ${runs})…`,
          );
          const run: PacedRun = await pacedRun(page, appUrl, id);
          results.paced[count] = [...(results.paced[count] ?? []), run];
        }
      }
    });
    for (const count of BURST_COUNTS) {
      await part(`${count} earlier messages, all at once`, async () => {
        const ids = await seed(appUrl, cookie, count, runs);
        console.log(`browser: ${count} earlier messages, all tokens at once…`);
        const list = [];
        for (const id of ids) list.push(await burstRun(browser, page, appUrl, id));
        results.burst[count] = list;
      });
    }
    const extra: Row[] = [];
    await part('one answer under a trace', async () => {
      const [id] = await seed(appUrl, cookie, 0, 1);
      console.log('browser: 2,000 tokens at 100/s under a trace…');
      if (id) extra.push(...tracedRows(await tracedAnswer(browser, page, appUrl, id, TRACED)));
    });
    for (const rate of [0, 100]) {
      await part(`answer lengths at ${rate || 'full speed'}`, async () => {
        extra.push(...(await lengthRuns(page, appUrl, cookie, rate, long)));
      });
    }
    await page.close();

    await part('opening a 500-message conversation', async () => {
      const [big] = await seed(appUrl, cookie, 500, 1);
      if (!big) return;
      console.log('browser: opening a 500-message conversation…');
      const text = lastSeedText(500);
      await interactiveRun(context, appUrl, big, text); // warm-up
      for (let i = 0; i < runs; i++) {
        results.interactive.push(await interactiveRun(context, appUrl, big, text));
      }
    });
    await context.close();
    return { rows: [...browserRows(results), ...extra], chromium: browser.version(), failures };
  } finally {
    await browser.close();
  }
}
