// Server rows of `npm run bench` that ask whether an answer's cost is linear in its length: app
// CPU per answer of 2,000, 8,000 and 32,000 tokens at full speed, and the cost per token of the
// longest against the shortest (budget 1.5×). BENCH_LONG=1 adds the same at 100 tokens/s, one
// run each (the 32,000-token answer alone takes 5⅓ minutes at that pace).
import { groupCpuMs, sleep } from './proc';
import { finite, median, type Row } from './report';

export const LENGTHS = [2000, 8000, 32000] as const;

/** Cost per token of the longest answer over that of the shortest; null when one is missing. */
export function perTokenRatio(
  cpuByLength: ReadonlyMap<number, number | null>,
  lengths: readonly number[] = LENGTHS,
): number | null {
  const first = lengths[0];
  const last = lengths.at(-1);
  if (first === undefined || last === undefined) return null;
  const a = cpuByLength.get(first);
  const b = cpuByLength.get(last);
  if (a == null || b == null || a <= 0) return null;
  return b / last / (a / first);
}

export interface LengthTarget {
  group: string;
  /** `PGlite` or `PostgreSQL`. */
  db: string;
  appPid: number;
  /** Streams one answer of `tokens` at `rate` (0: full speed) through /api/chat to its end. */
  answer(tokens: number, rate: number): Promise<unknown>;
}

const fmt = (n: number) => n.toLocaleString('en-US');

async function cpuOf(t: LengthTarget, tokens: number, rate: number): Promise<number> {
  await sleep(300);
  const before = groupCpuMs(t.appPid);
  await t.answer(tokens, rate);
  // Let the last database write land before reading the CPU counters.
  await sleep(300 + tokens / 100);
  return groupCpuMs(t.appPid) - before;
}

async function lengthRows(t: LengthTarget, rate: number, runs: number): Promise<Row[]> {
  const pace = rate ? `at ${rate} tokens/s` : 'full speed';
  const key = rate ? `paced${rate}` : 'full';
  const id = (name: string) => `server.${t.db.toLowerCase()}.${name}`;
  const byLength = new Map<number, number | null>();
  const rows: Row[] = [];
  for (const tokens of LENGTHS) {
    console.log(`server (${t.db}): ${fmt(tokens)}-token answers, ${pace}…`);
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) cpu.push(await cpuOf(t, tokens, rate));
    const value = finite(median(cpu));
    byLength.set(tokens, value);
    rows.push({
      id: id(`cpuPerAnswer.${key}.${tokens}`),
      group: t.group,
      label: `server CPU per ${fmt(tokens)}-token answer, ${pace} — ${t.db}`,
      value,
      unit: 'ms',
      note: value === null ? undefined : `${((value / tokens) * 1000).toFixed(1)} µs per token`,
      runs: cpu,
    });
  }
  const ratio = perTokenRatio(byLength);
  const first = fmt(LENGTHS[0]);
  const last = fmt(LENGTHS[LENGTHS.length - 1] ?? 0);
  rows.push({
    id: id(`cpuPerTokenRatio.${key}`),
    group: t.group,
    label: `server CPU per token, ${last} vs ${first} tokens, ${pace} — ${t.db}`,
    value: ratio,
    unit: 'ms',
    display: ratio === null ? undefined : `${ratio.toFixed(2)}×`,
    budget: {
      text: '≤ 1.5×',
      met: ratio === null ? null : ratio <= 1.5,
    },
  });
  return rows;
}

/** Full-speed rows always (median of `runs`); the 100 tokens/s rows with BENCH_LONG=1. */
export async function benchServerLengths(
  t: LengthTarget,
  runs: number,
  long = false,
): Promise<Row[]> {
  const rows = await lengthRows(t, 0, runs);
  if (long) rows.push(...(await lengthRows(t, 100, 1)));
  return rows;
}
