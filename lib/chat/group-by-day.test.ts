import { describe, expect, it } from 'vitest';
import { calendarDay, dayGroupOf, groupByDay } from './group-by-day';

const at = (iso: string) => new Date(iso);

describe('dayGroupOf', () => {
  // 2025-03-10 08:30 in Tokyo (UTC+9) is 2025-03-09 23:30 UTC.
  const now = at('2025-03-09T23:30:00Z');

  it('uses calendar days in the given time zone, not UTC', () => {
    // 00:10 on the 10th in Tokyo: today there, but the 9th in UTC and in New York.
    const earlyTokyo = '2025-03-09T15:10:00Z';
    expect(dayGroupOf(earlyTokyo, now, 'Asia/Tokyo')).toBe('today');
    expect(dayGroupOf(earlyTokyo, now, 'UTC')).toBe('today');
    // 23:50 on the 9th in Tokyo is yesterday there, though only 40 minutes before midnight.
    expect(dayGroupOf('2025-03-09T14:50:00Z', now, 'Asia/Tokyo')).toBe('yesterday');
    expect(dayGroupOf('2025-03-09T14:50:00Z', now, 'UTC')).toBe('today');
  });

  it('puts 2 to 7 days ago in "previous 7 days" and anything before in "older"', () => {
    const zone = 'Europe/Paris';
    const now = at('2025-06-15T12:00:00Z'); // 14:00 in Paris
    expect(dayGroupOf('2025-06-15T00:30:00Z', now, zone)).toBe('today');
    expect(dayGroupOf('2025-06-14T21:59:00Z', now, zone)).toBe('yesterday'); // 23:59 on the 14th
    expect(dayGroupOf('2025-06-13T22:00:00Z', now, zone)).toBe('yesterday'); // 00:00 on the 14th
    expect(dayGroupOf('2025-06-13T21:59:00Z', now, zone)).toBe('previous7'); // 23:59 on the 13th
    expect(dayGroupOf('2025-06-08T10:00:00Z', now, zone)).toBe('previous7'); // 7 days ago
    expect(dayGroupOf('2025-06-07T10:00:00Z', now, zone)).toBe('older'); // 8 days ago
    expect(dayGroupOf('2024-01-01T10:00:00Z', now, zone)).toBe('older');
  });

  it('counts days across a daylight-saving change by the calendar', () => {
    // Europe/Berlin springs forward on 2025-03-30: that day has 23 hours.
    const now = at('2025-03-31T06:00:00Z'); // 08:00 on the 31st
    expect(dayGroupOf('2025-03-29T23:30:00Z', now, 'Europe/Berlin')).toBe('yesterday'); // 00:30 on the 30th
    expect(dayGroupOf('2025-03-29T22:30:00Z', now, 'Europe/Berlin')).toBe('previous7'); // 23:30 on the 29th
  });

  it('treats a slightly future timestamp as today and a bad one as older', () => {
    expect(dayGroupOf('2025-03-10T00:00:00Z', now, 'UTC')).toBe('today');
    expect(dayGroupOf('not a date', now, 'UTC')).toBe('older');
  });

  it('accepts Date objects', () => {
    expect(dayGroupOf(at('2025-03-08T12:00:00Z'), now, 'UTC')).toBe('yesterday');
  });
});

describe('calendarDay', () => {
  it('numbers days from the epoch in the zone', () => {
    expect(calendarDay(at('1970-01-01T00:00:00Z'), 'UTC')).toBe(0);
    expect(calendarDay(at('1970-01-01T00:00:00Z'), 'America/New_York')).toBe(-1);
    // UTC+14: already the next day.
    expect(calendarDay(at('2025-01-02T12:00:00Z'), 'Pacific/Kiritimati')).toBe(
      calendarDay(at('2025-01-03T00:00:00Z'), 'UTC'),
    );
  });
});

describe('groupByDay', () => {
  it('returns the non-empty groups in display order, keeping item order', () => {
    const now = at('2025-06-15T12:00:00Z');
    const items = [
      { id: 'a', updatedAt: '2025-06-15T11:00:00Z' },
      { id: 'b', updatedAt: '2025-06-15T01:00:00Z' },
      { id: 'c', updatedAt: '2025-06-10T01:00:00Z' },
      { id: 'd', updatedAt: '2025-01-10T01:00:00Z' },
      { id: 'e', updatedAt: '2024-01-10T01:00:00Z' },
    ];
    const groups = groupByDay(items, now, 'UTC');
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Previous 7 days', ['c']],
      ['Older', ['d', 'e']],
    ]);
  });

  it('groups the same items differently in different zones', () => {
    const now = at('2025-06-15T02:00:00Z');
    const items = [{ id: 'x', updatedAt: '2025-06-14T23:00:00Z' }];
    expect(groupByDay(items, now, 'UTC')[0]?.group).toBe('yesterday');
    // 02:00Z is 22:00 on the 14th in New York, and 23:00Z was 19:00 the same day.
    expect(groupByDay(items, now, 'America/New_York')[0]?.group).toBe('today');
  });

  it('returns nothing for no items', () => {
    expect(groupByDay([], new Date(), 'UTC')).toEqual([]);
  });
});
