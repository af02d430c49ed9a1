// Class names shared by Parley's dialogs and controls (zinc palette, visible focus, both themes).
// One set, so every dialog looks and behaves the same.

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500';

export const buttonClass = `rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 disabled:opacity-50 ${focusRing} dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800`;

export const primaryButtonClass = `rounded-md bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 disabled:opacity-50 ${focusRing} dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300`;

export const dangerButtonClass = `rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-50 ${focusRing} dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950/50`;

export const mutedTextClass = 'text-sm text-zinc-600 dark:text-zinc-400';

export const sectionTitleClass = 'text-sm font-semibold';

export const shortDate = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const linkClass =
  'self-start rounded text-sm text-blue-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:text-blue-300';
