import { describe, expect, it } from 'vitest';
import { countExchanges, describeExchanges } from './count';

describe('countExchanges', () => {
  it('counts a tool turn as one answer', () => {
    const roles = ['user', 'assistant', 'tool', 'tool', 'assistant', 'user', 'assistant'];
    expect(countExchanges(roles)).toEqual({ questions: 2, answers: 2 });
    expect(describeExchanges(countExchanges(roles))).toBe('2 questions and 2 answers');
  });
  it('counts an unanswered question and says one in the singular', () => {
    expect(countExchanges(['user', 'assistant', 'user'])).toEqual({ questions: 2, answers: 1 });
    expect(describeExchanges({ questions: 1, answers: 1 })).toBe('1 question and 1 answer');
    expect(countExchanges([])).toEqual({ questions: 0, answers: 0 });
  });
});
