// The browser measurements as table rows with their budgets (pure).
import { atMost, atMostAbove, change, finite, median, type Row, signedPercent } from './report';

export interface BrowserResults {
  /** By earlier-message count: runs at 100 tokens/s. */
  paced: Record<
    number,
    { mainThreadMs: number; mainThreadCpuMs: number; nodes: number; firstTokenMs: number }[]
  >;
  /** By earlier-message count: runs with every token at once (traced: wall ms; tracedCpu: CPU ms). */
  burst: Record<number, { traced: number | null; tracedCpu: number | null; observed: number }[]>;
  /** ms from navigation to a usable 500-message conversation, per run. */
  interactive: number[];
}

const GROUP = 'browser';
const of = (xs: (number | null)[]) => finite(median(xs.map((x) => x ?? Number.NaN)));

export function browserRows(r: BrowserResults): Row[] {
  const rows: Row[] = [];
  const main = (count: number) => of((r.paced[count] ?? []).map((x) => x.mainThreadMs));
  const nodes = (count: number) => of((r.paced[count] ?? []).map((x) => x.nodes));
  const base = main(0);
  for (const count of Object.keys(r.paced).map(Number)) {
    const value = main(count);
    const runs = (r.paced[count] ?? []).map((x) => x.mainThreadMs);
    const cpu = of((r.paced[count] ?? []).map((x) => x.mainThreadCpuMs));
    const cpuNote = cpu === null ? undefined : `CPU ${Math.round(cpu).toLocaleString('en-US')} ms`;
    rows.push({
      id: `browser.mainThread.${count}`,
      group: GROUP,
      label: `main-thread time, 2,000 tokens at 100/s, ${count} earlier messages`,
      value,
      unit: 'ms',
      runs,
      ...(count === 0
        ? { note: cpuNote, budget: atMost(value, 2000, 'ms') }
        : {
            note: [signedPercent(change(value, base)), cpuNote].filter(Boolean).join('; '),
            budget: atMostAbove(value, base, count >= 500 ? 10 : 5, '0 messages'),
          }),
    });
  }
  for (const count of Object.keys(r.paced).map(Number)) {
    const value = nodes(count);
    const row: Row = {
      id: `browser.domNodes.${count}`,
      group: GROUP,
      label: `DOM nodes after the answer, ${count} earlier messages`,
      value,
      unit: 'nodes',
      runs: (r.paced[count] ?? []).map((x) => x.nodes),
    };
    if (count > 0) row.note = signedPercent(change(value, nodes(0)));
    // Flat: a longer conversation adds no nodes once the list is virtualized.
    if (count >= 500) row.budget = atMostAbove(value, nodes(100), 10, '100 messages');
    rows.push(row);
  }
  for (const count of Object.keys(r.burst).map(Number)) {
    const list = r.burst[count] ?? [];
    const value = of(list.map((x) => x.traced));
    const cpu = of(list.map((x) => x.tracedCpu));
    const observed = Math.max(0, ...list.map((x) => x.observed));
    rows.push({
      id: `browser.longestTask.${count}`,
      group: GROUP,
      label: `longest task, 2,000 tokens at once, ${count} earlier messages`,
      value,
      unit: 'ms',
      note: [
        cpu === null ? '' : `CPU ${Math.round(cpu)} ms`,
        observed > 0 ? `longtask observer max ${Math.round(observed)} ms` : 'no longtask entry',
      ]
        .filter(Boolean)
        .join('; '),
      runs: list.map((x) => x.traced ?? Number.NaN),
      budget: atMost(value, 50, 'ms'),
    });
  }
  const first = (r.paced[0] ?? []).map((x) => x.firstTokenMs);
  rows.push({
    id: 'browser.firstToken.0',
    group: GROUP,
    label: 'time to first visible token (Send click → painted)',
    value: of(first),
    unit: 'ms',
    runs: first,
  });
  rows.push({
    id: 'browser.interactive.500',
    group: GROUP,
    label: '500-message conversation: navigation → usable, last message visible',
    value: of(r.interactive),
    unit: 'ms',
    runs: r.interactive,
  });
  return rows;
}
