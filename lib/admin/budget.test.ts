import { describe, expect, it } from 'vitest';
import { budgetText, parseBudget } from './budget';

describe('parseBudget', () => {
  it('reads empty as the default, 0 as no limit and n as n tokens', () => {
    expect(parseBudget('')).toEqual({ budget: null });
    expect(parseBudget('   ')).toEqual({ budget: null });
    expect(parseBudget('0')).toEqual({ budget: 0 });
    expect(parseBudget(' 25000 ')).toEqual({ budget: 25000 });
  });

  it('refuses what is not a whole number of tokens, in words', () => {
    for (const bad of ['-1', '1.5', '1e3', 'abc', '10 000']) {
      expect(parseBudget(bad)).toEqual({ error: 'Enter a whole number of tokens, 0, or nothing.' });
    }
    expect(parseBudget('1000000000001')).toEqual({ error: 'That budget is too large.' });
  });

  it('says what a budget means', () => {
    expect(budgetText(null)).toBe('the default');
    expect(budgetText(0)).toBe('no limit');
    expect(budgetText(30)).toBe('30 tokens a day');
    expect(budgetText(20000)).toBe('20,000 tokens a day');
  });
});
