// One answer streamed under a Chromium trace: where the main thread's time goes (script, style,
// layout, paint, other), the longest task, the longest gap between two main-thread frames and
// how many visible updates a second the reader saw. Tracing costs time of its own, so these runs
// are never the ones the main-thread rows are measured on.
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { openConversation, sendAndWait } from './browser-session';
import { countUpdates, readUpdates } from './browser-page';
import { longestTask, type LongestTask, type TraceEvent } from './trace';
import { type Breakdown, longestFrameGap, mainThreadBreakdown } from './trace-breakdown';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
];

export interface TracedAnswer {
  /** Self time by part over the whole run (Send to the saved answer), wall-clock and CPU. */
  wall: Breakdown;
  cpu: Breakdown | null;
  longest: LongestTask | null;
  /** Longest gap between main-thread frames from the first update to the last, ms. */
  frameGapMs: number | null;
  /** Visible updates a second while the answer grew. */
  updatesPerSecond: number;
  streamMs: number;
}

/** The trace clock (µs) at the page's performance.now() = 0, from a mark found in the trace. */
function clockOffset(events: TraceEvent[], name: string, nowMs: number): number | null {
  const mark = events.find((e) => e.name === name && typeof e.ts === 'number');
  return mark?.ts === undefined ? null : mark.ts - nowMs * 1000;
}

export async function tracedAnswer(
  browser: Browser,
  page: Page,
  appUrl: string,
  id: string,
  options: { tokens: number; rate: number; saveTo?: string },
): Promise<TracedAnswer> {
  await openConversation(page, appUrl, id);
  await page.evaluate(countUpdates);
  await browser.startTracing(page, { categories: CATEGORIES });
  await sendAndWait(page, options.rate, options.tokens);
  const buffer = await browser.stopTracing();
  if (options.saveTo) writeFileSync(options.saveTo, buffer);
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const marks = await page.evaluate(readUpdates);
  const offset = clockOffset(trace.traceEvents, 'bench:first-update', marks.first);
  const streamMs = marks.last - marks.first;
  const gap =
    offset === null
      ? null
      : longestFrameGap(trace, {
          from: offset + marks.first * 1000,
          to: offset + marks.last * 1000,
        });
  const { wall, cpu } = mainThreadBreakdown(trace);
  return {
    wall,
    cpu,
    longest: longestTask(trace),
    frameGapMs: gap?.ms ?? null,
    updatesPerSecond: streamMs > 0 ? ((marks.updates - 1) * 1000) / streamMs : Number.NaN,
    streamMs,
  };
}
