import { describe, expect, it } from 'vitest';
import {
  atMost,
  atMostAbove,
  change,
  finite,
  formatTable,
  median,
  proxyBudget,
  type Row,
  selectGroups,
  signedPercent,
} from './report';

describe('median', () => {
  it('takes the middle value of an odd count, the mean of the two middle ones of an even', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('ignores values that are not finite, and is NaN for none', () => {
    expect(median([Number.NaN, 7, Number.POSITIVE_INFINITY])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('budgets', () => {
  it('atMost is met at the limit and missed above it', () => {
    expect(atMost(2000, 2000, 'ms')).toEqual({ text: '≤ 2,000 ms', met: true });
    expect(atMost(2000.5, 2000, 'ms').met).toBe(false);
    expect(atMost(null, 2000, 'ms').met).toBeNull();
  });
  it('atMostAbove compares the change from a base', () => {
    expect(change(105, 100)).toBeCloseTo(5);
    expect(atMostAbove(105, 100, 5, '0 messages')).toEqual({
      text: '≤ +5% of 0 messages',
      met: true,
    });
    expect(atMostAbove(106, 100, 5, 'x').met).toBe(false);
    expect(atMostAbove(90, null, 5, 'x').met).toBeNull();
  });
  it('proxyBudget allows factor × direct plus a constant', () => {
    expect(proxyBudget(30, 10, 2, 10)).toEqual({ text: '≤ 2× direct + 10 ms', met: true });
    expect(proxyBudget(31, 10, 2, 10).met).toBe(false);
    expect(proxyBudget(130, 100, 1.3).text).toBe('≤ 1.3× direct');
    expect(proxyBudget(131, 100, 1.3).met).toBe(false);
    expect(proxyBudget(22, 12, 1, 10)).toEqual({ text: '≤ direct + 10 ms', met: true });
    expect(proxyBudget(23, 12, 1, 10).met).toBe(false);
  });
  it('formats signed percentages and drops non-finite numbers', () => {
    expect(signedPercent(4.26)).toBe('+4.3%');
    expect(signedPercent(-2)).toBe('−2.0%');
    expect(signedPercent(null)).toBeUndefined();
    expect(finite(Number.NaN)).toBeNull();
    expect(finite(3)).toBe(3);
  });
});

describe('formatTable', () => {
  it('prints value, note, budget and verdict in aligned Markdown columns', () => {
    const rows: Row[] = [
      {
        id: 'a',
        group: 'browser',
        label: 'main thread',
        value: 2100,
        unit: 'ms',
        note: '+5.0%',
        budget: atMost(2100, 2000, 'ms'),
      },
      { id: 'b', group: 'first-load', label: 'JS', value: 180.44, unit: 'KB' },
      { id: 'c', group: 'browser', label: 'longest', value: 40, unit: 'ms', display: '<50 ms' },
      {
        id: 'd',
        group: 'server',
        label: 'cpu',
        value: null,
        unit: 'ms',
        budget: atMost(null, 40, 'ms'),
      },
    ];
    const lines = formatTable(rows).split('\n');
    expect(lines[0]).toMatch(/^\| measure +\| value +\| budget +\| met +\|$/);
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \|$/);
    expect(lines[2]).toContain('| 2,100 ms (+5.0%) |');
    expect(lines[2]).toContain('| MISSED |');
    expect(lines[3]).toContain('180.4 KB');
    expect(lines[4]).toContain('<50 ms');
    expect(lines[5]).toContain('not measured');
    expect(lines[5]).toContain('| ?');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

describe('selectGroups', () => {
  const known = ['browser', 'first-load', 'server', 'pg'];
  it('takes --only, --only=, or the environment variable, in the known order', () => {
    expect(selectGroups(['--only', 'pg,browser'], undefined, known)).toEqual(['browser', 'pg']);
    expect(selectGroups(['--only=server'], 'pg', known)).toEqual(['server']);
    expect(selectGroups([], 'first-load', known)).toEqual(['first-load']);
  });
  it('runs everything by default and refuses unknown names', () => {
    expect(selectGroups([], undefined, known)).toEqual(known);
    expect(() => selectGroups(['--only', 'gpu'], undefined, known)).toThrow(/unknown bench group/);
  });
  it('leaves opt-in groups out unless they are named', () => {
    expect(selectGroups([], undefined, known, ['pg'])).toEqual(['browser', 'first-load', 'server']);
    expect(selectGroups(['--only', 'pg'], undefined, known, ['pg'])).toEqual(['pg']);
  });
});
