'use client';
import { type RefObject, useEffect } from 'react';

/**
 * Text typed into a server-rendered field before the page hydrated is in the DOM but not in
 * React's state, so the field's next render would blank it. Read once, when the field mounts,
 * and handed to `keep`. Runs after the component's earlier effects, so it wins over a draft one
 * of them restored.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  keep: (text: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; `keep` is read then
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed) keep(typed);
  }, []);
}
