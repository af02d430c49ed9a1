'use client';
import { useId } from 'react';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import { formatUtc } from '@/lib/admin/format';
import type { AuditEntry } from '@/lib/admin/schemas';
import { useAdminAudit } from '@/lib/queries/admin';

const ACTIONS: Record<string, string> = {
  'user.disable': 'disabled',
  'user.enable': 'enabled',
  'user.delete': 'deleted',
  'user.budget': 'set the daily budget of',
  'guests.set': 'changed guest access',
  'generation.stop': 'stopped an answer of',
};

function sentence(entry: AuditEntry): string {
  const verb = ACTIONS[entry.action] ?? entry.action;
  return [entry.actor, verb, entry.target].filter(Boolean).join(' ');
}

/** Who did what, when: every admin action, newest first. */
export function AuditSection() {
  const audit = useAdminAudit();
  const titleId = useId();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Audit log
      </h2>
      {audit.isPending ? <p className={mutedTextClass}>Loading…</p> : null}
      {audit.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The audit log could not be loaded: {audit.error.message}
        </p>
      ) : null}
      {audit.isSuccess && entries.length === 0 ? (
        <p className={mutedTextClass}>No admin action yet.</p>
      ) : null}
      <ol
        aria-labelledby={titleId}
        className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
      >
        {entries.map((e) => (
          <li key={e.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
            <time dateTime={e.at} className={`${mutedTextClass} shrink-0 tabular-nums`}>
              {formatUtc(e.at)}
            </time>
            <span className="min-w-0 break-words text-sm">
              {sentence(e)}
              {e.detail ? <span className={mutedTextClass}> ({e.detail})</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {audit.hasNextPage ? (
        <button
          type="button"
          className={`${buttonClass} self-start`}
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading…' : 'Older entries'}
        </button>
      ) : null}
    </section>
  );
}
