'use client';
import { useSyncExternalStore } from 'react';
import { isMacPlatform, SHORTCUTS } from '@/lib/shortcuts';
import { ModalDialog } from './modal-dialog';

// The keyboard shortcuts help: a native modal dialog (focus trap, Escape and focus return come
// from the browser). Loaded on demand by ShortcutsDialog.

const noSubscribe = () => () => {};
function useIsMac(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => isMacPlatform(navigator.platform || navigator.userAgent),
    () => false,
  );
}

export function HelpDialog({ onClose }: { onClose(): void }) {
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
