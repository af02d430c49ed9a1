import { describe, expect, it } from 'vitest';
import { CHARS_PER_TASK, nextShown } from './use-shown-blocks';

describe('nextShown', () => {
  const block = (chars: number) => 'x'.repeat(chars);

  it('adds new blocks up to the budget of characters', () => {
    const blocks = Array.from({ length: 10 }, () => block(CHARS_PER_TASK / 4));
    expect(nextShown(blocks, 0)).toBe(4);
    expect(nextShown(blocks, 4)).toBe(8);
    expect(nextShown(blocks, 8)).toBe(10);
    expect(nextShown(blocks, 10)).toBe(10);
  });

  it('always adds at least one block, however large', () => {
    const blocks = [block(10), block(CHARS_PER_TASK * 3), block(10)];
    expect(nextShown(blocks, 1)).toBe(2);
    expect(nextShown(blocks, 0)).toBe(1);
  });

  it('shows everything when it fits, as while an answer streams normally', () => {
    expect(nextShown(['a', 'b', 'c'], 2)).toBe(3);
    expect(nextShown([], 0)).toBe(0);
  });
});
