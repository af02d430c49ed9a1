'use client';
import { create } from 'zustand';

// A way into the composer for code that does not render it: a suggestion fills it, a shortcut
// focuses it. The composer applies a fill request once and clears it.

interface FillState {
  request: { text: string } | null;
}

const useFillStore = create<FillState>()(() => ({ request: null }));

export const useComposerFillRequest = () => useFillStore((s) => s.request);

/** Replaces the composer's text with `text` and focuses it, caret at the end. */
export function fillComposer(text: string): void {
  useFillStore.setState({ request: { text } });
}

export function clearComposerFill(): void {
  useFillStore.setState({ request: null });
}

export const COMPOSER_ID = 'composer';

export function focusComposer(): boolean {
  const box = document.getElementById(COMPOSER_ID);
  if (!(box instanceof HTMLTextAreaElement)) return false;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}
