import { describe, expect, it } from 'vitest';
import { customPeriod, daysBetween, eachDay, isDay, presetPeriod } from './period';

const now = new Date('2026-03-01T23:30:00Z');

describe('presetPeriod', () => {
  it('counts whole UTC days ending today', () => {
    expect(presetPeriod('today', now)).toEqual({
      kind: 'today',
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(presetPeriod('7d', now)).toEqual({ kind: '7d', from: '2026-02-23', to: '2026-03-01' });
    expect(presetPeriod('30d', now)).toEqual({ kind: '30d', from: '2026-01-31', to: '2026-03-01' });
  });
});

describe('days', () => {
  it('validates real calendar days only', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('lists every day of a period, across a month end', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(1);
  });
});

describe('customPeriod', () => {
  it('accepts a valid range and refuses bad ones in words', () => {
    expect(customPeriod('2026-01-01', '2026-01-31')).toEqual({
      kind: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(customPeriod('', '2026-01-31')).toEqual({ error: 'Enter both dates.' });
    expect(customPeriod('2026-02-01', '2026-01-31')).toEqual({
      error: 'The end date is before the start date.',
    });
    expect(customPeriod('2025-01-01', '2026-01-02')).toEqual({ error: 'Choose at most 366 days.' });
    expect(customPeriod('2025-01-01', '2026-01-01')).toHaveProperty('kind', 'custom');
  });
});
