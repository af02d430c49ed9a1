'use client';
import { useId } from 'react';
import { dangerButtonClass, mutedTextClass } from '@/components/ui/styles';
import { formatAge, formatCount } from '@/lib/admin/format';
import type { LiveGeneration } from '@/lib/admin/schemas';
import { useAdminLive } from '@/lib/queries/admin';
import { useStopGeneration } from '@/lib/queries/admin-actions';

const who = (g: LiveGeneration) =>
  g.user.kind === 'guest' ? 'A guest' : (g.user.email ?? 'Unknown account');

function LiveRow({ generation, now }: { generation: LiveGeneration; now: number }) {
  const stop = useStopGeneration();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
      <span className="min-w-0 break-all font-medium">{who(generation)}</span>
      <span className={mutedTextClass}>
        {generation.model} · {generation.provider}
      </span>
      <span className={`${mutedTextClass} tabular-nums`}>
        started {formatAge(generation.startedAt, now)} ago · {formatCount(generation.tokens)} tokens
      </span>
      <button
        type="button"
        className={`${dangerButtonClass} ml-auto`}
        disabled={stop.isPending || stop.isSuccess}
        onClick={() => stop.mutate(generation.id)}
      >
        {stop.isSuccess ? 'Stopping…' : 'Stop'}
        <span className="sr-only"> the answer for {who(generation)}</span>
      </button>
    </li>
  );
}

/** Answers being written right now, on every instance, asked again every 2 s while visible. */
export function LiveSection() {
  const live = useAdminLive();
  const titleId = useId();
  const rows = live.data?.generations ?? [];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Answers being written
      </h2>
      {live.isPending ? <p className={mutedTextClass}>Loading…</p> : null}
      {live.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The live view could not be loaded: {live.error.message}
        </p>
      ) : null}
      {live.isSuccess && rows.length === 0 ? (
        <p className={mutedTextClass}>No answer is being written right now.</p>
      ) : null}
      <ul aria-labelledby={titleId} className="flex flex-col gap-2">
        {rows.map((g) => (
          <LiveRow key={g.id} generation={g} now={live.dataUpdatedAt} />
        ))}
      </ul>
    </section>
  );
}
