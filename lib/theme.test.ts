import { describe, expect, it } from 'vitest';
import { isDarkTheme, parseThemeChoice, THEME_SCRIPT, type ThemeChoice } from './theme';

// Runs the <head> script against a fake page, so its behaviour (not its text) is what is tested.
function page(stored: string | null, prefersDark: boolean) {
  const classes = new Set<string>();
  const attributes: Record<string, string> = {};
  const listeners: Record<string, (() => void)[]> = {};
  const mediaListeners: (() => void)[] = [];
  const media = {
    matches: prefersDark,
    addEventListener: (_: string, fn: () => void) => mediaListeners.push(fn),
  };
  let value = stored;
  const root = {
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    style: { colorScheme: '' },
    setAttribute: (name: string, v: string) => {
      attributes[name] = v;
    },
  };
  const window = {
    matchMedia: () => media,
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), fn];
    },
  };
  const localStorage = { getItem: () => value };
  new Function('window', 'document', 'localStorage', THEME_SCRIPT)(
    window,
    { documentElement: root },
    localStorage,
  );
  return {
    dark: () => classes.has('dark'),
    scheme: () => root.style.colorScheme,
    theme: () => attributes['data-theme'],
    setStored(v: string | null) {
      value = v;
    },
    osChanges(dark: boolean) {
      media.matches = dark;
      for (const fn of mediaListeners) fn();
    },
    emit(type: string, event: unknown = {}) {
      for (const fn of listeners[type] ?? []) (fn as (e: unknown) => void)(event);
    },
  };
}

describe('theme', () => {
  it('resolves a choice against the OS preference', () => {
    const cases: [ThemeChoice, boolean, boolean][] = [
      ['dark', false, true],
      ['light', true, false],
      ['system', true, true],
      ['system', false, false],
    ];
    for (const [choice, os, dark] of cases) expect(isDarkTheme(choice, os)).toBe(dark);
    expect(parseThemeChoice('purple')).toBe('system');
    expect(parseThemeChoice(null)).toBe('system');
  });

  it('the head script applies the stored choice and colour scheme before paint', () => {
    const dark = page('dark', false);
    expect([dark.dark(), dark.scheme(), dark.theme()]).toEqual([true, 'dark', 'dark']);
    const light = page('light', true);
    expect([light.dark(), light.scheme(), light.theme()]).toEqual([false, 'light', 'light']);
    const junk = page('<script>', true);
    expect([junk.dark(), junk.theme()]).toEqual([true, 'system']);
  });

  it('follows the OS live in system mode only', () => {
    const system = page(null, false);
    expect(system.dark()).toBe(false);
    system.osChanges(true);
    expect(system.dark()).toBe(true);
    const pinned = page('light', false);
    pinned.osChanges(true);
    expect(pinned.dark()).toBe(false);
  });

  it('re-applies when this tab or another changes the choice', () => {
    const p = page(null, false);
    p.setStored('dark');
    p.emit('storage', { key: 'unrelated' });
    expect(p.dark()).toBe(false);
    p.emit('storage', { key: 'parley:theme' });
    expect(p.dark()).toBe(true);
    p.setStored('light');
    p.emit('parley:theme');
    expect(p.dark()).toBe(false);
  });
});
