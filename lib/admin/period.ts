// The admin page's period: today, the last 7 or 30 days, or custom dates; always whole UTC
// days, inclusive, as the usage endpoint takes them (`from` and `to`, YYYY-MM-DD).

export type PeriodKind = 'today' | '7d' | '30d' | 'custom';

export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
}

/** The longest period the server accepts (366 days, inclusive). */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

function shiftDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** A preset period ending today (UTC). */
export function presetPeriod(kind: Exclude<PeriodKind, 'custom'>, now: Date): Period {
  const to = utcDay(now);
  const back = kind === 'today' ? 0 : kind === '7d' ? 6 : 29;
  return { kind, from: shiftDays(to, -back), to };
}

export const isDay = (value: string): boolean =>
  DAY.test(value) && utcDay(new Date(Date.parse(`${value}T00:00:00Z`) || 0)) === value;

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  return span < 0 ? 0 : span + 1;
}

/** Every day of the period in order, for a chart axis without gaps. */
export function eachDay(from: string, to: string): string[] {
  const n = Math.min(daysBetween(from, to), MAX_PERIOD_DAYS);
  return Array.from({ length: n }, (_, i) => shiftDays(from, i));
}

/** A custom period, or a sentence saying what is wrong with it. */
export function customPeriod(from: string, to: string): Period | { error: string } {
  if (!isDay(from) || !isDay(to)) return { error: 'Enter both dates.' };
  if (to < from) return { error: 'The end date is before the start date.' };
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) {
    return { error: `Choose at most ${MAX_PERIOD_DAYS} days.` };
  }
  return { kind: 'custom', from, to };
}
