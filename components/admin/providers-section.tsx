'use client';
import { useId } from 'react';
import { mutedTextClass } from '@/components/ui/styles';
import { formatUtc } from '@/lib/admin/format';
import { useAdminProviders } from '@/lib/queries/admin';

/** Each configured provider: reachable or not, how many models it lists, its last error. */
export function ProvidersSection() {
  const providers = useAdminProviders();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Providers
      </h2>
      {providers.isPending ? <p className={mutedTextClass}>Checking providers…</p> : null}
      {providers.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The providers could not be checked: {providers.error.message}
        </p>
      ) : null}
      <ul aria-labelledby={titleId} className="flex flex-col gap-2">
        {providers.data?.providers.map((p) => (
          <li
            key={p.name}
            className="flex flex-col gap-1 rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800"
          >
            <div className="flex flex-wrap items-center gap-x-3">
              <span className="font-medium">{p.label}</span>
              <span
                className={
                  p.reachable
                    ? 'text-sm text-emerald-800 dark:text-emerald-300'
                    : 'text-sm text-red-700 dark:text-red-300'
                }
              >
                {p.reachable ? 'Reachable' : 'Not reachable'}
              </span>
              <span className={mutedTextClass}>
                {p.models === null
                  ? 'models unknown'
                  : `${p.models} model${p.models === 1 ? '' : 's'}`}
              </span>
            </div>
            {p.error ? <p className="text-sm">Last error: {p.error}</p> : null}
            <p className={mutedTextClass}>Checked {formatUtc(p.checkedAt)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
