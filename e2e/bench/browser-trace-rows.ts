// The traced answer (browser-trace.ts) as table rows with their budgets (pure).
import type { TracedAnswer } from './browser-trace';
import { atMost, finite, type Row } from './report';
import { formatBreakdown } from './trace-breakdown';

const GROUP = 'browser';
const LABEL = '2,000 tokens at 100/s';

export function tracedRows(t: TracedAnswer): Row[] {
  const cpu = t.cpu ?? t.wall;
  const gap = finite(t.frameGapMs);
  const longest = finite(t.longest?.ms);
  const updates = finite(t.updatesPerSecond);
  return [
    {
      id: 'browser.trace.cpu',
      group: GROUP,
      label: `main-thread ${t.cpu ? 'CPU' : 'time'} by kind (trace), ${LABEL}`,
      value: finite(cpu.total),
      unit: 'ms',
      note: `${formatBreakdown(cpu)}; wall ${Math.round(t.wall.total).toLocaleString('en-US')} ms`,
    },
    {
      id: 'browser.trace.longestTask',
      group: GROUP,
      label: `longest task (trace), ${LABEL}`,
      value: longest,
      unit: 'ms',
      note: t.longest?.cpuMs == null ? undefined : `CPU ${Math.round(t.longest.cpuMs)} ms`,
      budget: atMost(longest, 50, 'ms'),
    },
    {
      id: 'browser.trace.frameGap',
      group: GROUP,
      label: `longest gap between frames while streaming (trace), ${LABEL}`,
      value: gap,
      unit: 'ms',
      // Two updates apart at 20 a second: anything longer is a frame the reader sees freeze.
      budget: atMost(gap, 100, 'ms'),
    },
    {
      id: 'browser.trace.updatesPerSecond',
      group: GROUP,
      label: `visible updates a second while streaming, ${LABEL}`,
      value: updates,
      unit: 'ms',
      display: updates === null ? 'not measured' : `${updates.toFixed(1)} /s`,
      budget: { text: '≥ 20 /s', met: updates === null ? null : updates >= 20 },
    },
  ];
}
