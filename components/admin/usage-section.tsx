'use client';
import { useId, useState } from 'react';
import { mutedTextClass } from '@/components/ui/styles';
import { formatCost, formatCount } from '@/lib/admin/format';
import { type Period, presetPeriod } from '@/lib/admin/period';
import type { Usage } from '@/lib/admin/schemas';
import { useAdminUsage } from '@/lib/queries/admin';
import { PeriodPicker } from './period-picker';
import { UsageCharts } from './usage-charts';
import { UsageTables } from './usage-tables';

function Totals({ usage }: { usage: Usage }) {
  const sum = (of: (p: Usage['providers'][number]) => number) =>
    usage.providers.reduce((total, p) => total + of(p), 0);
  const costs = usage.providers.map((p) => p.cost).filter((c): c is number => c !== null);
  const items: [string, string][] = [
    ['Answers', formatCount(sum((p) => p.messages))],
    ['Input tokens', formatCount(sum((p) => p.inputTokens))],
    ['Output tokens', formatCount(sum((p) => p.outputTokens))],
  ];
  if (usage.priced) {
    items.push([
      'Estimated cost',
      costs.length ? formatCost(costs.reduce((a, b) => a + b, 0)) : '—',
    ]);
  }
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div
          key={label}
          className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800"
        >
          <dt className={mutedTextClass}>{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Usage of a period: totals, the charts, then the tables with their numbers. */
export function UsageSection() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod('7d', new Date()));
  const { data, isPending, isError, error, isFetching } = useAdminUsage(period.from, period.to);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} aria-busy={isFetching} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-lg font-semibold">
        Usage
      </h2>
      <PeriodPicker period={period} onChange={setPeriod} />
      {isPending ? <p className={mutedTextClass}>Loading usage…</p> : null}
      {isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Usage could not be loaded: {error.message}
        </p>
      ) : null}
      {data ? (
        <>
          <p className={mutedTextClass}>
            {data.from === data.to ? data.from : `${data.from} to ${data.to}`}
            {data.priced
              ? ' · cost estimated from MODEL_PRICES'
              : ' · no MODEL_PRICES set, so no costs'}
          </p>
          <Totals usage={data} />
          <UsageCharts usage={data} />
          <UsageTables usage={data} />
        </>
      ) : null}
    </section>
  );
}
