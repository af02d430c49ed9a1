'use client';
import { type RefObject, useEffect, useRef } from 'react';

/** Closes an open popover on a press outside `root` (which holds its button and its panel). */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  onDismiss: () => void,
) {
  const latest = useRef(onDismiss);
  latest.current = onDismiss;
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) latest.current();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, root]);
}
