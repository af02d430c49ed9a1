// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blankMessage } from '@/lib/chat/blank-message';
import { useRowVirtualizer, type VirtualRowSource } from './use-row-virtualizer';

const rowsOf = (from: number, to: number): VirtualRowSource[] =>
  Array.from({ length: to - from }, (_, i) => ({
    key: `m${from + i}`,
    item: {
      kind: 'user',
      message: blankMessage({ id: `m${from + i}`, role: 'user', content: `question ${from + i}` }),
    },
  }));

describe('useRowVirtualizer', () => {
  it('keeps the rows placed while they are the same (no estimate of every row on a render)', () => {
    const ref = { current: null };
    const rows = rowsOf(0, 500);
    const { result, rerender } = renderHook(
      ({ r }: { r: VirtualRowSource[] }) => useRowVirtualizer(r, ref, null),
      { initialProps: { r: rows } },
    );
    const placed = result.current.virtualizer.measurementsCache;
    expect(placed).toHaveLength(500);
    rerender({ r: rows });
    // The virtualizer memoises its placement on the options it is given: the same array back.
    expect(result.current.virtualizer.measurementsCache).toBe(placed);

    rerender({ r: [...rows, ...rowsOf(500, 501)] });
    expect(result.current.virtualizer.measurementsCache).toHaveLength(501);
  });
});
