import { describe, expect, it } from 'vitest';
import { carriedStreams, percentile, scaleOptions } from './scale';
import { expectedText } from './scale-stream';

describe('percentile', () => {
  it('takes the nearest rank and ignores values that are not finite', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile([3, Number.NaN, 1, 2], 100)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('scaleOptions', () => {
  it('defaults to 200 streams of 300 tokens at 20 tokens/s and takes the environment', () => {
    expect(scaleOptions({})).toEqual({
      streams: 200,
      pool: 20,
      rate: 20,
      tokens: 300,
      rampMs: 5000,
    });
    expect(scaleOptions({ SCALE_STREAMS: '40', SCALE_RATE: 'x' })).toEqual({
      streams: 40,
      pool: 20,
      rate: 20,
      tokens: 300,
      rampMs: 5000,
    });
  });
});

describe('expectedText', () => {
  it('is the mock’s text scenario: tok1 tok2 …', () => {
    expect(expectedText(3)).toBe('tok1 tok2 tok3');
  });
});

describe('carriedStreams', () => {
  it('divides 70% of 4 cores by the CPU per live stream-second, rounded down to a hundred', () => {
    expect(carriedStreams(2)).toBe(1400);
    expect(carriedStreams(2.1)).toBe(1300);
    expect(carriedStreams(1, 8)).toBe(5600);
  });
  it('is null without a measurement', () => {
    expect(carriedStreams(null)).toBeNull();
    expect(carriedStreams(0)).toBeNull();
  });
});
