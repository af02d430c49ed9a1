import { describe, expect, it } from 'vitest';
import { formatThoughtFor, formatUsage } from './format';

describe('formatUsage', () => {
  it('formats prompt, completion and total', () => {
    expect(formatUsage({ prompt_tokens: 12, completion_tokens: 34, total_tokens: 46 })).toBe(
      '12 in · 34 out · 46 tokens',
    );
  });

  it('adds reasoning tokens when the provider reports them', () => {
    expect(
      formatUsage({
        prompt_tokens: 1200,
        completion_tokens: 340,
        total_tokens: 1540,
        completion_tokens_details: { reasoning_tokens: 300 },
      }),
    ).toBe('1,200 in · 340 out · 300 reasoning · 1,540 tokens');
  });

  it('derives a missing total and skips unusable fields', () => {
    expect(formatUsage({ prompt_tokens: 5, completion_tokens: 7 })).toBe(
      '5 in · 7 out · 12 tokens',
    );
    expect(
      formatUsage({ completion_tokens: 3, completion_tokens_details: { reasoning_tokens: 'x' } }),
    ).toBe('3 out');
    expect(formatUsage({ completion_tokens_details: null })).toBeNull();
    expect(formatUsage(null)).toBeNull();
  });
});

describe('formatThoughtFor', () => {
  it('formats seconds and minutes', () => {
    expect(formatThoughtFor(4_400)).toBe('Thought for 4s');
    expect(formatThoughtFor(200)).toBe('Thought for 1s');
    expect(formatThoughtFor(65_000)).toBe('Thought for 1m 5s');
    expect(formatThoughtFor(120_000)).toBe('Thought for 2m');
  });

  it('falls back when the duration is unknown', () => {
    expect(formatThoughtFor(null)).toBe('Thoughts');
    expect(formatThoughtFor(Number.NaN)).toBe('Thoughts');
  });
});
