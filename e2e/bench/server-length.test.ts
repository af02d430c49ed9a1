import { describe, expect, it } from 'vitest';
import { perTokenRatio } from './server-length';

describe('perTokenRatio', () => {
  it('is 1 when the cost per token stays the same from the shortest answer to the longest', () => {
    expect(
      perTokenRatio(
        new Map([
          [2000, 40],
          [8000, 160],
          [32000, 640],
        ]),
      ),
    ).toBe(1);
  });
  it('grows with a quadratic cost and shrinks with a fixed cost per answer', () => {
    // Cost ∝ n²: 16 times the tokens, 256 times the CPU, 16 times the cost per token.
    expect(
      perTokenRatio(
        new Map([
          [2000, 10],
          [32000, 2560],
        ]),
        [2000, 32000],
      ),
    ).toBe(16);
    expect(
      perTokenRatio(
        new Map([
          [2000, 60],
          [32000, 360],
        ]),
        [2000, 32000],
      ),
    ).toBeCloseTo(0.375);
  });
  it('is null when a length was not measured or cost nothing', () => {
    expect(perTokenRatio(new Map([[2000, 40]]))).toBeNull();
    expect(
      perTokenRatio(
        new Map([
          [2000, 0],
          [32000, 10],
        ]),
      ),
    ).toBeNull();
    expect(
      perTokenRatio(
        new Map([
          [2000, 40],
          [32000, null],
        ]),
      ),
    ).toBeNull();
  });
});
