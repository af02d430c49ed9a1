import { describe, expect, it } from 'vitest';
import {
  isSendKey,
  type KeyInput,
  matchShortcut,
  SHORTCUTS,
  type ShortcutContext,
} from './shortcuts';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
});
const idle: ShortcutContext = { typing: false, inOverlay: false, streaming: false };
const typing: ShortcutContext = { ...idle, typing: true };

describe('matchShortcut', () => {
  it('new chat with Ctrl or ⌘ + Shift + O, also while typing', () => {
    expect(matchShortcut(key('O', { ctrlKey: true, shiftKey: true }), idle)).toBe('new-chat');
    expect(matchShortcut(key('o', { metaKey: true, shiftKey: true }), typing)).toBe('new-chat');
    // A Cyrillic layout still has the O key in the same place.
    expect(matchShortcut(key('Щ', { ctrlKey: true, shiftKey: true, code: 'KeyO' }), idle)).toBe(
      'new-chat',
    );
    expect(matchShortcut(key('o', { ctrlKey: true }), idle)).toBeNull();
    expect(matchShortcut(key('O', { shiftKey: true }), idle)).toBeNull();
  });

  it('search with Ctrl/⌘ + K', () => {
    expect(matchShortcut(key('k', { ctrlKey: true }), typing)).toBe('search');
    expect(matchShortcut(key('k', { metaKey: true }), idle)).toBe('search');
    expect(matchShortcut(key('k'), idle)).toBeNull();
    expect(matchShortcut(key('K', { ctrlKey: true, shiftKey: true }), idle)).toBeNull();
  });

  it('focuses the composer with Shift+Esc anywhere, or / when not typing', () => {
    expect(matchShortcut(key('Escape', { shiftKey: true }), typing)).toBe('focus-composer');
    expect(matchShortcut(key('/'), idle)).toBe('focus-composer');
    expect(matchShortcut(key('/'), typing)).toBeNull();
  });

  it('stops with Esc only while an answer streams', () => {
    expect(matchShortcut(key('Escape'), { ...typing, streaming: true })).toBe('stop');
    expect(matchShortcut(key('Escape'), idle)).toBeNull();
  });

  it('opens help with ? when not typing', () => {
    expect(matchShortcut(key('?', { shiftKey: true }), idle)).toBe('help');
    expect(matchShortcut(key('?', { shiftKey: true }), typing)).toBeNull();
  });

  it('leaves every key to an open dialog or popup', () => {
    const overlay = { ...idle, inOverlay: true, streaming: true };
    for (const k of [
      key('Escape'),
      key('?'),
      key('/'),
      key('k', { ctrlKey: true }),
      key('o', { ctrlKey: true, shiftKey: true }),
    ])
      expect(matchShortcut(k, overlay)).toBeNull();
  });

  it('never takes keys from an input method, nor Enter from the composer', () => {
    const composing = key('Escape', { isComposing: true });
    expect(matchShortcut(composing, { ...typing, streaming: true })).toBeNull();
    expect(matchShortcut(key('/', { keyCode: 229 }), idle)).toBeNull();
    expect(matchShortcut(key('Enter'), typing)).toBeNull();
    expect(matchShortcut(key('Enter', { shiftKey: true }), typing)).toBeNull();
    expect(matchShortcut(key('a'), idle)).toBeNull();
  });

  it('lists every shortcut for the help dialog with platform keys', () => {
    expect(SHORTCUTS.map((s) => s.id).sort()).toEqual(
      ['focus-composer', 'help', 'new-chat', 'search', 'stop'].sort(),
    );
    const newChat = SHORTCUTS.find((s) => s.id === 'new-chat');
    expect(newChat?.keys(true)).toEqual([['⌘', 'Shift', 'O']]);
    expect(newChat?.keys(false)).toEqual([['Ctrl', 'Shift', 'O']]);
  });
});

describe('isSendKey', () => {
  const press = (
    k: string,
    extra: { shiftKey?: boolean; keyCode?: number; composing?: boolean },
  ) => ({
    key: k,
    shiftKey: extra.shiftKey ?? false,
    keyCode: extra.keyCode ?? 13,
    nativeEvent: { isComposing: extra.composing ?? false },
  });

  it('sends on Enter, not on Shift+Enter, other keys, or an IME picking a candidate', () => {
    expect(isSendKey(press('Enter', {}))).toBe(true);
    expect(isSendKey(press('Enter', { shiftKey: true }))).toBe(false);
    expect(isSendKey(press('a', { keyCode: 65 }))).toBe(false);
    expect(isSendKey(press('Enter', { composing: true }))).toBe(false);
    expect(isSendKey(press('Enter', { keyCode: 229 }))).toBe(false);
  });
});
