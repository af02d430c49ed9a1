'use client';
import { useId } from 'react';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import { useAdminSettings } from '@/lib/queries/admin';
import { useSetGuests } from '@/lib/queries/admin-actions';

const switchClass =
  'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-zinc-400 bg-zinc-200 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:opacity-50 aria-checked:border-emerald-700 aria-checked:bg-emerald-600 dark:border-zinc-500 dark:bg-zinc-700 dark:aria-checked:bg-emerald-500';

/** New guests on or off at run time; where the current setting comes from; back to ALLOW_GUESTS. */
export function GuestsSection() {
  const settings = useAdminSettings();
  const set = useSetGuests();
  const titleId = useId();
  const labelId = useId();
  const guests = settings.data?.guests;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Guests
      </h2>
      {settings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The setting could not be loaded: {settings.error.message}
        </p>
      ) : null}
      {guests ? (
        <>
          <div className="flex items-center gap-3">
            <button
              type="button"
              role="switch"
              aria-checked={guests.allowed}
              aria-labelledby={labelId}
              className={switchClass}
              disabled={set.isPending}
              onClick={() => set.mutate(!guests.allowed)}
            >
              <span
                aria-hidden="true"
                className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${guests.allowed ? 'translate-x-6' : 'translate-x-1'}`}
              />
            </button>
            <span id={labelId} className="text-sm font-medium">
              New guests may chat
            </span>
          </div>
          <p className={mutedTextClass}>
            {guests.allowed ? 'On' : 'Off'},{' '}
            {guests.source === 'env'
              ? 'from the ALLOW_GUESTS setting.'
              : 'set here by an admin (this overrides ALLOW_GUESTS).'}{' '}
            Guests who already have a session keep it.
          </p>
          {guests.source === 'admin' ? (
            <button
              type="button"
              className={`${buttonClass} self-start`}
              disabled={set.isPending}
              onClick={() => set.mutate(null)}
            >
              Go back to ALLOW_GUESTS
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
