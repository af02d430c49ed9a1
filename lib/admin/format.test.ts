import { describe, expect, it } from 'vitest';
import { formatAge, formatCompact, formatCost, formatCount, formatDay, formatUtc } from './format';

describe('admin number formats', () => {
  it('formats counts and costs the same in every locale', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCost(null)).toBe('—');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(1234.5)).toBe('$1,234.50');
    expect(formatCost(0.00123)).toBe('$0.0012');
  });

  it('shortens axis numbers', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1500)).toBe('1.5k');
    expect(formatCompact(2_000_000)).toBe('2M');
  });

  it('writes dates in UTC', () => {
    expect(formatUtc('2026-03-01T14:05:09.000Z')).toBe('2026-03-01 14:05 UTC');
    expect(formatUtc('nonsense')).toBe('nonsense');
    expect(formatDay('2026-03-01')).toBe('Mar 1');
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(formatAge('2026-03-01T11:59:48Z', now)).toBe('12 s');
    expect(formatAge('2026-03-01T11:57:00Z', now)).toBe('3 min');
    expect(formatAge('2026-03-01T09:00:00Z', now)).toBe('3 h');
  });
});
