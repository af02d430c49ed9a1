'use client';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { isMacPlatform, SHORTCUTS } from '@/lib/shortcuts';
import { ModalDialog } from './modal-dialog';

// The keyboard shortcuts help: a native modal dialog (focus trap, Escape and focus return come
// from the browser), opened by "?" or by the "Keyboard shortcuts" button.

const useHelpStore = create<{ open: boolean }>()(() => ({ open: false }));

export const openShortcutsHelp = () => useHelpStore.setState({ open: true });
const closeShortcutsHelp = () => useHelpStore.setState({ open: false });

const noSubscribe = () => () => {};
function useIsMac(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => isMacPlatform(navigator.platform || navigator.userAgent),
    () => false,
  );
}

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

function HelpDialog({ onClose }: { onClose(): void }) {
  const mac = useIsMac();

  return (
    <ModalDialog
      title="Keyboard shortcuts"
      widthClass="w-[min(28rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Keys</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr
              key={s.id}
              className="border-t border-zinc-200 first:border-t-0 dark:border-zinc-800"
            >
              <th scope="row" className="py-2 pr-4 text-left font-normal">
                {s.label}
              </th>
              <td className="py-2 text-right">
                {s.keys(mac).map((combo, i) => (
                  <span key={combo.join('+')}>
                    {i > 0 ? (
                      <span className="px-1 text-zinc-600 dark:text-zinc-400">or</span>
                    ) : null}
                    {combo.map((k, j) => (
                      <span key={k}>
                        {j > 0 ? '+' : null}
                        <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-800">
                          {k}
                        </kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        In the message box, Enter sends and Shift+Enter starts a new line.
      </p>
    </ModalDialog>
  );
}
