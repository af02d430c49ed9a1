'use client';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import type { Item } from '@/lib/chat/turns';
import { estimateRowPx } from './row-estimate';

/** Space above the first row, below the last and between rows (the list's py-6 and gap-6). */
const EDGE_PX = 24;
const GAP_PX = 24;
/** Rows kept rendered beyond each edge of the viewport, so a short scroll shows text at once. */
const OVERSCAN = 4;
/** Before the list can measure its scroll box (server render, first paint): a tall screen. */
const INITIAL_RECT = { width: 768, height: 1000 };
const FALLBACK_ROWS = 8;

export interface VirtualRowSource {
  key: string;
  item: Item | null;
}

/**
 * Which rows of a long conversation are in the DOM: those on screen and a few around them, plus
 * two that must survive scrolling away — the row holding keyboard focus (removing it would drop
 * focus to the page) and the streaming row (its open cards must survive the hand-off to the
 * saved copy). Rows are measured as they render; rows above the viewport that measure
 * differently from their estimate move the scroll position with them, so nothing on screen jumps.
 */
export function useRowVirtualizer(
  rows: VirtualRowSource[],
  scrollRef: RefObject<HTMLDivElement | null>,
  liveKey: string | null,
) {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const keepIndexes = useMemo(() => {
    const keep: number[] = [];
    rows.forEach((row, index) => {
      if (row.key === focusedKey || row.key === liveKey) keep.push(index);
    });
    return keep;
  }, [rows, focusedKey, liveKey]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const shown = defaultRangeExtractor(range);
      const extra = keepIndexes.filter((i) => i < range.count && !shown.includes(i));
      return extra.length === 0 ? shown : [...shown, ...extra].sort((a, b) => a - b);
    },
    [keepIndexes],
  );

  // The same functions while the rows are the same: a new getItemKey makes the virtualizer
  // place every row again (estimating each one never measured), and the list renders again
  // whenever the rows on screen change, a few times per answer.
  const estimateSize = useCallback(
    (index: number) => estimateRowPx(rows[index]?.item ?? null),
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    paddingStart: EDGE_PX,
    paddingEnd: EDGE_PX,
    gap: GAP_PX,
    initialRect: INITIAL_RECT,
    // A conversation opens at its end, so the first render (on the server too) holds the last rows.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    // React 19 warns about flushSync inside effects; a scroll frame later is fine here.
    useFlushSync: false,
    // Rows' positions and the list's height are written to the DOM directly: the list renders
    // again only when the set of rows on screen changes, not when the streaming row grows
    // (20 times a second) or the reader scrolls within the same rows.
    directDomUpdates: true,
    directDomUpdatesMode: 'transform',
  });

  useEffect(() => {
    const list = scrollRef.current;
    if (!list) return;
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as Element).closest<HTMLElement>('[data-row-key]');
      setFocusedKey(row?.dataset.rowKey ?? null);
    };
    // Only when focus leaves the list: moving within it is handled by focusin.
    const onFocusOut = (event: FocusEvent) => {
      if (!list.contains(event.relatedTarget as Node | null)) setFocusedKey(null);
    };
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    return () => {
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
    };
  }, [scrollRef]);

  // A list that cannot measure its box (no layout yet, or none at all) shows its last rows rather
  // than nothing.
  let shown = virtualizer.getVirtualItems();
  if (shown.length === 0 && rows.length > 0) {
    shown = virtualizer.measurementsCache.slice(-FALLBACK_ROWS);
  }

  return { virtualizer, shown };
}
