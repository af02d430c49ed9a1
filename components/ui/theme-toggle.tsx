'use client';
import { useId, useSyncExternalStore } from 'react';
import {
  readThemeChoice,
  saveThemeChoice,
  THEME_CHOICES,
  THEME_EVENT,
  type ThemeChoice,
} from '@/lib/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
export const THEME_OPTIONS = THEME_CHOICES.map((value) => ({ value, label: LABELS[value] }));

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(THEME_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(THEME_EVENT, onChange);
  };
}

/** The saved theme choice, kept in step with other tabs and pickers. */
export function useThemeChoice(): ThemeChoice {
  // The server cannot know the saved choice; the head script has already applied it.
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system' as const);
}

/** The theme picker: a native select named "Theme" (System follows the OS, live). */
export function ThemeToggle({
  className = '',
  showLabel = false,
}: {
  className?: string;
  /** Show "Theme" beside the select (in a menu); in the header the label is for screen readers. */
  showLabel?: boolean;
}) {
  const id = useId();
  const choice = useThemeChoice();
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'flex-1 text-sm' : 'sr-only'}>
        Theme
      </label>
      <select
        id={id}
        value={choice}
        onChange={(e) => saveThemeChoice(e.target.value as ThemeChoice)}
        className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-xs text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </span>
  );
}
