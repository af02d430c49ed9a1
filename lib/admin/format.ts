// Numbers on the admin page, the same in every browser locale (tables are compared with CSVs
// and seeds): 12,345 tokens, $1.23 (four decimals below a cent), UTC dates and times.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatCount = (n: number): string => integer.format(n);

export function formatCost(usd: number | null): string {
  if (usd === null) return '—';
  if (usd === 0) return '$0.00';
  const digits = usd < 0.01 ? 4 : 2;
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** 1.2k, 3.4M: a chart axis's short numbers. */
export function formatCompact(n: number): string {
  if (n < 1_000) return String(n);
  if (n < 1_000_000) return `${Number((n / 1_000).toFixed(1))}k`;
  return `${Number((n / 1_000_000).toFixed(1))}M`;
}

/** "2026-03-01 14:05 UTC" */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "Mar 1": a chart axis's day label. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** How long ago, in words: "12 s", "3 min", "2 h". */
export function formatAge(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}
