import { describe, expect, it } from 'vitest';
import { browserLengthRows, lengthsFor } from './browser-length';

describe('browserLengthRows', () => {
  it('gives a row per length and the CPU per token of the longest against the shortest', () => {
    const costs = new Map([
      [2000, { wallMs: 3000, cpuMs: 2000 }],
      [8000, { wallMs: 9000, cpuMs: 8400 }],
      [32000, { wallMs: 40000, cpuMs: 36000 }],
    ]);
    const rows = browserLengthRows(0, costs);
    expect(rows.map((r) => r.id)).toEqual([
      'browser.length.full.2000',
      'browser.length.full.8000',
      'browser.length.full.32000',
      'browser.length.cpuPerTokenRatio.full',
    ]);
    const ratio = rows.at(-1);
    expect(ratio?.value).toBeCloseTo(1.125);
    expect(ratio?.budget?.met).toBe(true);
    expect(rows[0]?.note).toBe('CPU 2,000 ms, 1000 µs per token');
  });

  it('judges the ratio over the lengths measured, and misses a superlinear one', () => {
    const costs = new Map([
      [2000, { wallMs: 2000, cpuMs: 2000 }],
      [8000, { wallMs: 20000, cpuMs: 16000 }],
    ]);
    const rows = browserLengthRows(100, costs);
    const ratio = rows.find((r) => r.id === 'browser.length.cpuPerTokenRatio.paced100');
    expect(ratio?.label).toBe('main-thread CPU per token, 8,000 vs 2,000 tokens at 100/s');
    expect(ratio?.value).toBe(2);
    expect(ratio?.budget?.met).toBe(false);
  });

  it('runs the longest answer at 100/s only when asked, short enough to complete', () => {
    expect(lengthsFor(0, false)).toEqual([2000, 8000, 32000]);
    expect(lengthsFor(100, false)).toEqual([2000, 8000]);
    // 32,000 tokens at 100/s outlast the chat route's 300 s limit.
    expect(lengthsFor(100, true)).toEqual([2000, 8000, 20000]);
  });
});
