// Pure helpers of `npm run bench`: medians, budget checks and the printed table. No I/O here.

export type Unit = 'ms' | 'KB' | 'nodes';

export interface Budget {
  /** As printed, e.g. `≤ 2,000 ms` or `≤ +5% of 0 messages`. */
  text: string;
  /** null: could not be judged (a value it depends on is missing). */
  met: boolean | null;
}

export interface Row {
  /** Stable key for the JSON, e.g. `browser.mainThread.100`. */
  id: string;
  /** Which subset (`--only`) measured it. */
  group: string;
  label: string;
  /** The median; null when the measurement failed or was skipped. */
  value: number | null;
  unit: Unit;
  /** Printed after the value, e.g. `+4.2%` or `direct 12 ms`. */
  note?: string;
  /** Printed instead of the value, e.g. `<50` when only an upper bound is known. */
  display?: string;
  budget?: Budget;
  /** Every run's value, for the JSON. */
  runs?: number[];
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 === 1
    ? (xs[mid] as number)
    : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
}

/** A finite number, or null (NaN and ±Infinity are "not measured"). */
export function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const num = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Value ≤ limit. */
export function atMost(value: number | null, limit: number, unit: Unit): Budget {
  return { text: `≤ ${num(limit)} ${unit}`, met: value === null ? null : value <= limit };
}

/** Percentage change from base to value, or null. */
export function change(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return ((value - base) / base) * 100;
}

export function signedPercent(pct: number | null): string | undefined {
  if (pct === null) return undefined;
  return `${pct >= 0 ? '+' : '−'}${num(Math.abs(pct), 1)}%`;
}

/** Value at most `pct` percent above base (`of` names the base in the budget text). */
export function atMostAbove(
  value: number | null,
  base: number | null,
  pct: number,
  of: string,
): Budget {
  const delta = change(value, base);
  return { text: `≤ +${pct}% of ${of}`, met: delta === null ? null : delta <= pct };
}

/** The proxy against the upstream alone: value ≤ factor × direct + extra ms. */
export function proxyBudget(
  value: number | null,
  direct: number | null,
  factor: number,
  extraMs = 0,
): Budget {
  const text = `≤ ${factor === 1 ? '' : `${factor}× `}direct${extraMs ? ` + ${extraMs} ms` : ''}`;
  if (value === null || direct === null) return { text, met: null };
  return { text, met: value <= factor * direct + extraMs };
}

export function formatValue(row: Row): string {
  if (row.display) return row.display;
  if (row.value === null) return 'not measured';
  const digits = row.unit === 'KB' ? 1 : 0;
  return `${num(row.value, digits)} ${row.unit}`;
}

function verdict(budget: Budget | undefined): string {
  if (!budget) return '';
  if (budget.met === null) return '?';
  return budget.met ? 'met' : 'MISSED';
}

/** A Markdown table (also readable as plain text): measure | value | budget | met. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.label,
    [formatValue(row), row.note ? `(${row.note})` : ''].filter(Boolean).join(' '),
    row.budget?.text ?? '',
    verdict(row.budget),
  ]);
  const header = ['measure', 'value', 'budget', 'met'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) =>
    `| ${c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** `--only a,b` or BENCH_ONLY=a,b; every known group but the opt-in ones when neither is given. */
export function selectGroups(
  argv: readonly string[],
  env: string | undefined,
  known: readonly string[],
  optIn: readonly string[] = [],
): string[] {
  const i = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  const arg = i === -1 ? undefined : argv[i]?.includes('=') ? argv[i]?.split('=')[1] : argv[i + 1];
  const raw = arg ?? env ?? '';
  const picked = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (picked.length === 0) return known.filter((g) => !optIn.includes(g));
  const unknown = picked.filter((g) => !known.includes(g));
  if (unknown.length > 0) {
    throw new Error(`unknown bench group(s): ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return known.filter((g) => picked.includes(g));
}
