'use client';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartData, chartData, type Measure, type Split } from '@/lib/admin/chart-data';
import { formatCompact, formatCount, formatDay } from '@/lib/admin/format';
import type { Usage } from '@/lib/admin/schemas';

// Tokens per day as stacked bars, one colour per model or provider (a toggle), input and output
// side by side. Colours are CSS variables with a light and a dark value, and the axes use the
// text colour, so both themes read. The tables below give the same numbers as text.

const PALETTE =
  '[--chart-0:#2563eb] [--chart-1:#d97706] [--chart-2:#059669] [--chart-3:#db2777] [--chart-4:#7c3aed] [--chart-5:#0891b2] [--chart-6:#65a30d] [--chart-other:#71717a] dark:[--chart-0:#60a5fa] dark:[--chart-1:#fbbf24] dark:[--chart-2:#34d399] dark:[--chart-3:#f472b6] dark:[--chart-4:#a78bfa] dark:[--chart-5:#22d3ee] dark:[--chart-6:#a3e635] dark:[--chart-other:#a1a1aa] [--chart-tooltip:#ffffff] dark:[--chart-tooltip:#18181b]';

const colour = (key: string) =>
  key === 'other' ? 'var(--chart-other)' : `var(--chart-${key.slice(1)})`;

const tooltipStyle = {
  background: 'var(--chart-tooltip)',
  border: '1px solid currentColor',
  borderRadius: 8,
  fontSize: 13,
};

function DayChart({ title, data }: { title: string; data: ChartData }) {
  const total = data.series.reduce((sum, s) => sum + s.total, 0);
  const summary = `${title}: ${formatCount(total)} in all. ${data.series
    .map((s) => `${s.label} ${formatCount(s.total)}`)
    .join(', ')}. The tables below give each day.`;
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-sm font-semibold">
        {title}{' '}
        <span className="font-normal text-zinc-600 dark:text-zinc-400">({formatCount(total)})</span>
      </figcaption>
      <BarChart
        responsive
        data={data.points}
        title={title}
        desc={summary}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        style={{ width: '100%', height: 260 }}
      >
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="day"
          tickFormatter={formatDay}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          strokeOpacity={0.4}
          minTickGap={12}
        />
        <YAxis
          tickFormatter={formatCompact}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          strokeOpacity={0.4}
          width={44}
          allowDecimals={false}
        />
        <Tooltip
          contentStyle={tooltipStyle}
          cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(value) => formatCount(Number(value))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {data.series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="tokens"
            fill={colour(s.key)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </figure>
  );
}

const SPLITS: { value: Split; label: string }[] = [
  { value: 'model', label: 'By model' },
  { value: 'provider', label: 'By provider' },
];

const toggleClass =
  'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 aria-pressed:bg-zinc-900 aria-pressed:text-white dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900';

export function UsageCharts({ usage }: { usage: Usage }) {
  const [split, setSplit] = useState<Split>('model');
  const groupId = useId();
  const data = (measure: Measure) => chartData(usage.days, split, measure, usage.from, usage.to);
  return (
    <div className={`flex flex-col gap-3 text-zinc-700 dark:text-zinc-300 ${PALETTE}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span id={groupId} className="text-sm">
          Colours show
        </span>
        {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form field set */}
        <div
          role="group"
          aria-labelledby={groupId}
          className="inline-flex gap-1 rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700"
        >
          {SPLITS.map((s) => (
            <button
              key={s.value}
              type="button"
              aria-pressed={split === s.value}
              className={toggleClass}
              onClick={() => setSplit(s.value)}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DayChart title="Input tokens per day" data={data('inputTokens')} />
        <DayChart title="Output tokens per day" data={data('outputTokens')} />
      </div>
    </div>
  );
}
