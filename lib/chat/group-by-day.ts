// Sidebar grouping: "Today", "Yesterday", "Previous 7 days", "Older", by calendar day in the
// reader's time zone (not UTC, and not 24-hour windows). Pure: `now` and the zone are inputs.

export type DayGroup = 'today' | 'yesterday' | 'previous7' | 'older';

export const DAY_GROUP_LABELS: Record<DayGroup, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  previous7: 'Previous 7 days',
  older: 'Older',
};

const ORDER: readonly DayGroup[] = ['today', 'yesterday', 'previous7', 'older'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The calendar date of `date` in `timeZone`, as a day number (days since 1970-01-01). */
export function calendarDay(date: Date, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(get('year'), get('month') - 1, get('day')) / 86_400_000);
}

export function dayGroupOf(timestamp: string | Date, now: Date, timeZone: string): DayGroup {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  if (Number.isNaN(date.getTime())) return 'older';
  const daysAgo = calendarDay(now, timeZone) - calendarDay(date, timeZone);
  // A timestamp slightly in the future (another machine's clock) still reads as today.
  if (daysAgo <= 0) return 'today';
  if (daysAgo === 1) return 'yesterday';
  if (daysAgo <= 7) return 'previous7';
  return 'older';
}

export interface Grouped<T> {
  group: DayGroup;
  label: string;
  items: T[];
}

/** Non-empty groups in display order; items keep their given order within a group. */
export function groupByDay<T extends { updatedAt: string }>(
  items: readonly T[],
  now: Date,
  timeZone: string,
): Grouped<T>[] {
  const buckets = new Map<DayGroup, T[]>();
  for (const item of items) {
    const group = dayGroupOf(item.updatedAt, now, timeZone);
    const bucket = buckets.get(group);
    if (bucket) bucket.push(item);
    else buckets.set(group, [item]);
  }
  return ORDER.flatMap((group) => {
    const bucket = buckets.get(group);
    return bucket ? [{ group, label: DAY_GROUP_LABELS[group], items: bucket }] : [];
  });
}
