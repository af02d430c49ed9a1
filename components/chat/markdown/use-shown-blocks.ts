'use client';
import { useEffect, useReducer, useRef, useState } from 'react';

/**
 * Characters of new blocks rendered in one task. A whole answer arriving at once (a fast model,
 * a stream caught up after a reload) is parsed, rendered and laid out a part per task, so no
 * task grows with the answer's length and the page keeps painting and answering input.
 */
export const CHARS_PER_TASK = 3_000;

/** How many of `blocks` to render when `shown` already are: new ones up to the budget, one at least. */
export function nextShown(blocks: readonly string[], shown: number): number {
  let next = shown;
  let chars = 0;
  while (next < blocks.length) {
    chars += blocks[next]?.length ?? 0;
    if (chars > CHARS_PER_TASK && next > shown) break;
    next++;
  }
  return next;
}

/**
 * How many blocks to render now. A text that was already complete when it mounted (a saved
 * answer, the server's render) shows whole at once; one that mounted while streaming catches
 * up a part per task when more than the budget arrives between two renders.
 */
export function useShownBlocks(blocks: readonly string[], streaming: boolean): number {
  const [chunked] = useState(streaming);
  // How many the last committed render showed; a render that still lags asks for another.
  const committed = useRef(0);
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const target = chunked
    ? nextShown(blocks, Math.min(committed.current, blocks.length))
    : blocks.length;
  useEffect(() => {
    committed.current = target;
    if (target >= blocks.length) return;
    // After this part has painted, the next renders in a task of its own.
    const timer = setTimeout(renderAgain, 0);
    return () => clearTimeout(timer);
  }, [target, blocks.length]);
  return target;
}
