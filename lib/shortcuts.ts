// Keyboard shortcuts: which key press means what (pure, so it is tested without a browser).
// Matching is by `key`, with `code` as a fallback for the letter shortcuts so they also work on
// non-Latin keyboard layouts. Ctrl and ⌘ are interchangeable ("Mod") on every platform.

export type ShortcutId = 'new-chat' | 'focus-composer' | 'stop' | 'search' | 'help';

export interface KeyInput {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** IME composition in progress: every key belongs to the input method. */
  isComposing?: boolean;
  keyCode?: number;
}

export interface ShortcutContext {
  /** Focus is in a text field (the composer, the search box, ...). */
  typing: boolean;
  /** A dialog or popup is open: Escape and plain keys belong to it. */
  inOverlay: boolean;
  /** An answer is being written (Escape stops it). */
  streaming: boolean;
}

export interface ShortcutHelp {
  id: ShortcutId;
  label: string;
  /** Alternatives, each a list of keys pressed together. */
  keys: (mac: boolean) => string[][];
}

const mod = (mac: boolean) => (mac ? '⌘' : 'Ctrl');

export const SHORTCUTS: readonly ShortcutHelp[] = [
  { id: 'new-chat', label: 'New chat', keys: (mac) => [[mod(mac), 'Shift', 'O']] },
  { id: 'search', label: 'Search conversations', keys: (mac) => [[mod(mac), 'K']] },
  { id: 'focus-composer', label: 'Focus the message box', keys: () => [['Shift', 'Esc'], ['/']] },
  { id: 'stop', label: 'Stop the answer', keys: () => [['Esc']] },
  { id: 'help', label: 'Show keyboard shortcuts', keys: () => [['?']] },
];

function letter(e: KeyInput, name: string): boolean {
  return e.key.toLowerCase() === name || e.code === `Key${name.toUpperCase()}`;
}

export function matchShortcut(e: KeyInput, ctx: ShortcutContext): ShortcutId | null {
  if (e.isComposing || e.keyCode === 229) return null;
  const withMod = e.ctrlKey || e.metaKey;
  if (ctx.inOverlay) return null;
  if (withMod && e.shiftKey && !e.altKey && letter(e, 'o')) return 'new-chat';
  if (withMod && !e.shiftKey && !e.altKey && letter(e, 'k')) return 'search';
  if (withMod || e.altKey) return null;
  if (e.key === 'Escape') {
    if (e.shiftKey) return 'focus-composer';
    return ctx.streaming ? 'stop' : null;
  }
  if (ctx.typing) return null;
  if (e.key === '/' && !e.shiftKey) return 'focus-composer';
  if (e.key === '?') return 'help';
  return null;
}

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * Enter sends a message box; Shift+Enter is a new line, and an IME's Enter picks a candidate
 * (keyCode 229 covers browsers that end composition before the key event).
 */
export function isSendKey(event: {
  key: string;
  shiftKey: boolean;
  keyCode: number;
  nativeEvent: { isComposing: boolean };
}): boolean {
  return (
    event.key === 'Enter' &&
    !event.shiftKey &&
    !event.nativeEvent.isComposing &&
    event.keyCode !== 229
  );
}
