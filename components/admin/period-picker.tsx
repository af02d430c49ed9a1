'use client';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { customPeriod, type Period, type PeriodKind, presetPeriod } from '@/lib/admin/period';

const PRESETS: { kind: Exclude<PeriodKind, 'custom'>; label: string }[] = [
  { kind: 'today', label: 'Today' },
  { kind: '7d', label: '7 days' },
  { kind: '30d', label: '30 days' },
];

const chipClass =
  'rounded-md border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 aria-pressed:border-zinc-900 aria-pressed:bg-zinc-900 aria-pressed:text-white dark:border-zinc-700 dark:hover:bg-zinc-800 dark:aria-pressed:border-zinc-100 dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900';
const dateClass =
  'rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950 dark:[color-scheme:dark]';

interface Props {
  period: Period;
  onChange(period: Period): void;
}

/** Today, 7 or 30 days (ending today, UTC), or two dates of one's own. */
export function PeriodPicker({ period, onChange }: Props) {
  const [custom, setCustom] = useState(period.kind === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<string | null>(null);
  const groupId = useId();
  const errorId = useId();

  return (
    <div className="flex flex-col gap-2">
      {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not a form field set */}
      <div role="group" aria-labelledby={groupId} className="flex flex-wrap items-center gap-2">
        <span id={groupId} className="text-sm font-medium">
          Period (UTC)
        </span>
        {PRESETS.map((p) => (
          <button
            key={p.kind}
            type="button"
            aria-pressed={!custom && period.kind === p.kind}
            className={chipClass}
            onClick={() => {
              setCustom(false);
              setError(null);
              onChange(presetPeriod(p.kind, new Date()));
            }}
          >
            {p.label}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={custom}
          aria-expanded={custom}
          className={chipClass}
          onClick={() => setCustom(true)}
        >
          Custom
        </button>
      </div>
      {custom ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const next = customPeriod(from, to);
            if ('error' in next) setError(next.error);
            else {
              setError(null);
              onChange(next);
            }
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            From
            <input
              type="date"
              className={dateClass}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-describedby={error ? errorId : undefined}
              required
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            To
            <input
              type="date"
              className={dateClass}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-describedby={error ? errorId : undefined}
              required
            />
          </label>
          <button type="submit" className={buttonClass}>
            Show
          </button>
          {error ? (
            <p id={errorId} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
