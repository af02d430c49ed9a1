'use client';
import { create } from 'zustand';
import { onDemand } from './on-demand';

// The keyboard shortcuts help, opened by "?" or by the "Keyboard shortcuts" button; the dialog
// itself (shortcuts-help.tsx) loads on first use.

const useHelpStore = create<{ open: boolean }>()(() => ({ open: false }));

export const openShortcutsHelp = () => useHelpStore.setState({ open: true });
const closeShortcutsHelp = () => useHelpStore.setState({ open: false });

const help = onDemand(
  () => import('./shortcuts-help').then((module) => module.HelpDialog),
  'Keyboard shortcuts',
);
const HelpDialog = help.Component;

const buttonClass =
  'rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800';

/** The header button; the visible "?" hints at the key that opens the same dialog. */
export function ShortcutsButton() {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label="Keyboard shortcuts"
      title="Keyboard shortcuts (?)"
      onClick={openShortcutsHelp}
      onPointerEnter={help.preload}
      onFocus={help.preload}
      className={buttonClass}
    >
      <span aria-hidden="true">?</span>
    </button>
  );
}

/** Rendered once per screen; shows the dialog while it is open. */
export function ShortcutsDialog() {
  const open = useHelpStore((s) => s.open);
  return open ? <HelpDialog onClose={closeShortcutsHelp} /> : null;
}
