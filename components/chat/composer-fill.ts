'use client';
import { create } from 'zustand';

// A way into the composer for code that does not render it: a suggestion fills it, a shortcut
// focuses it. The composer applies a fill request once and clears it.

interface FillState {
  /** `send`: send the text at once (a suggestion) rather than leave it to be edited. */
  request: { text: string; send: boolean } | null;
}

const useFillStore = create<FillState>()(() => ({ request: null }));

export const useComposerFillRequest = () => useFillStore((s) => s.request);

/** Replaces the composer's text with `text` and focuses it, caret at the end. */
export function fillComposer(text: string): void {
  useFillStore.setState({ request: { text, send: false } });
}

/** Sends `text` as if typed into the composer and sent (the composer's checks apply). */
export function sendFromComposer(text: string): void {
  useFillStore.setState({ request: { text, send: true } });
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
