// Browser rows of `npm run bench` that ask whether rendering an answer costs in proportion to
// its length: main-thread time for answers of 2,000, 8,000 and 32,000 tokens, at full speed and
// at 100 tokens/s, and the cost per token of the longest against the shortest (budget 1.5×).
// One run each; the longest answer at 100 tokens/s only with BENCH_LONG=1, and with 20,000
// tokens: the mock's "100/s" is about 85/s in practice (a 10 ms sleep plus the write per token),
// so 32,000 (or 28,000) tokens outlast the chat route's time limit (maxDuration 300 s: the answer
// is cut as interrupted at 290 s) and never complete; 20,000 take about 235 s.
import type { Page } from '@playwright/test';
import { openConversation, sendAndWait } from './browser-session';
import { finite, type Row } from './report';
import { LENGTHS, perTokenRatio } from './server-length';

export interface AnswerCost {
  /** Main-thread task time (TaskDuration), ms. */
  wallMs: number;
  /** Main-thread CPU time (ThreadTime), ms: what a busy machine skews less. */
  cpuMs: number;
}

/** Main-thread time of one answer of `tokens` at `rate` (0: full speed), Send to saved. */
export async function answerCost(
  page: Page,
  appUrl: string,
  id: string,
  tokens: number,
  rate: number,
): Promise<AnswerCost> {
  await openConversation(page, appUrl, id);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return { task: get('TaskDuration'), cpu: get('ThreadTime') };
  };
  const before = await read();
  await sendAndWait(page, rate, tokens);
  const after = await read();
  await cdp.detach();
  return { wallMs: (after.task - before.task) * 1000, cpuMs: (after.cpu - before.cpu) * 1000 };
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The rows for one pace: one per length, and the per-token ratio of CPU time. */
export function browserLengthRows(rate: number, costs: ReadonlyMap<number, AnswerCost>): Row[] {
  const pace = rate ? `at ${rate}/s` : 'at full speed';
  const key = rate ? `paced${rate}` : 'full';
  const rows: Row[] = [];
  const cpu = new Map<number, number | null>();
  const lengths = [...costs.keys()].sort((a, b) => a - b);
  for (const tokens of lengths) {
    const cost = costs.get(tokens);
    cpu.set(tokens, finite(cost?.cpuMs));
    if (!cost) continue;
    rows.push({
      id: `browser.length.${key}.${tokens}`,
      group: 'browser',
      label: `main-thread time, ${fmt(tokens)} tokens ${pace}`,
      value: finite(cost.wallMs),
      unit: 'ms',
      note: `CPU ${fmt(Math.round(cost.cpuMs))} ms, ${((cost.cpuMs / tokens) * 1000).toFixed(0)} µs per token`,
      runs: [cost.wallMs],
    });
  }
  const measured = lengths.filter((t) => finite(costs.get(t)?.cpuMs) !== null);
  const ratio = perTokenRatio(cpu, measured);
  const first = measured[0];
  const last = measured.at(-1);
  if (first !== undefined && last !== undefined && first !== last) {
    rows.push({
      id: `browser.length.cpuPerTokenRatio.${key}`,
      group: 'browser',
      label: `main-thread CPU per token, ${fmt(last)} vs ${fmt(first)} tokens ${pace}`,
      value: ratio,
      unit: 'ms',
      display: ratio === null ? 'not measured' : `${ratio.toFixed(2)}×`,
      budget: { text: '≤ 1.5×', met: ratio === null ? null : ratio <= 1.5 },
    });
  }
  return rows;
}

/** The longest answer that completes at 100 tokens/s within the chat route's time limit. */
export const LONGEST_PACED = 20_000;

/** Lengths measured at a pace: all at full speed; at 100/s the longest only when `long`. */
export function lengthsFor(rate: number, long: boolean): number[] {
  const short = LENGTHS.filter((t) => t < 32_000);
  if (rate === 0) return [...LENGTHS];
  return long ? [...short, LONGEST_PACED] : short;
}
