'use client';
import { useId, useState } from 'react';
import { buttonClass, dangerButtonClass, mutedTextClass, sectionTitleClass } from './styles';

const CONFIRM_WORD = 'DELETE';

/**
 * "Delete all my data" in two steps: the first click only asks; the deletion needs the word
 * DELETE typed, so neither a stray click nor Enter can trigger it.
 */
export function DeleteAllData({ pending, onConfirm }: { pending: boolean; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const warningId = useId();
  const confirmed = typed.trim() === CONFIRM_WORD;

  return (
    <section className="flex flex-col items-start gap-2">
      <h3 className={sectionTitleClass}>Delete</h3>
      <p className={mutedTextClass}>
        Removes everything Parley keeps about you and starts a new, empty guest identity.
      </p>
      {!asking ? (
        <button type="button" className={dangerButtonClass} onClick={() => setAsking(true)}>
          Delete all my data
        </button>
      ) : (
        <form
          className="flex w-full flex-col gap-2 rounded-lg border border-red-300 p-3 dark:border-red-800"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !pending) onConfirm();
          }}
        >
          <p id={warningId} className="text-sm text-red-800 dark:text-red-200">
            This permanently deletes every conversation, message and shared link of yours on this
            server. It cannot be undone. Export first if you want a copy.
          </p>
          <label htmlFor={inputId} className="text-sm">
            Type <strong>{CONFIRM_WORD}</strong> to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            aria-describedby={warningId}
            // biome-ignore lint/a11y/noAutofocus: the step the user just asked for
            autoFocus
            className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
          <div className="flex gap-2">
            <button type="submit" className={dangerButtonClass} disabled={!confirmed || pending}>
              {pending ? 'Deleting…' : 'Delete everything'}
            </button>
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                setAsking(false);
                setTyped('');
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
