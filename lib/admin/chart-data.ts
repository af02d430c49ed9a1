import { eachDay } from './period';
import type { UsageDay } from './schemas';

// The usage charts' data: one point per day of the period (days without usage are zeros), one
// series per model or per provider. Series are named s0, s1, … rather than by the model's name:
// a chart library reads dots in a key as a path, and names come from providers.

export type Split = 'model' | 'provider';
export type Measure = 'inputTokens' | 'outputTokens';

export interface Series {
  key: string;
  label: string;
  total: number;
}

export interface ChartData {
  series: Series[];
  points: Array<{ day: string } & Record<string, number | string>>;
}

/** More series than this and the smallest are summed as "Other": a legend stays readable. */
export const MAX_SERIES = 7;

function seriesId(row: UsageDay, split: Split): string {
  return split === 'provider' ? row.provider : `${row.provider}\u0000${row.model}`;
}

/** A model's label is its name, with the provider only when two providers share that name. */
function labels(rows: readonly UsageDay[], split: Split): Map<string, string> {
  const providersOf = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = providersOf.get(r.model) ?? new Set<string>();
    set.add(r.provider);
    providersOf.set(r.model, set);
  }
  const out = new Map<string, string>();
  for (const r of rows) {
    const shared = (providersOf.get(r.model)?.size ?? 0) > 1;
    const label =
      split === 'provider' ? r.provider : shared ? `${r.model} (${r.provider})` : r.model;
    out.set(seriesId(r, split), label);
  }
  return out;
}

export function chartData(
  rows: readonly UsageDay[],
  split: Split,
  measure: Measure,
  from: string,
  to: string,
): ChartData {
  // Ranked by all tokens, in and out, so a model keeps its colour in both charts.
  const rank = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const r of rows) {
    const id = seriesId(r, split);
    rank.set(id, (rank.get(id) ?? 0) + r.inputTokens + r.outputTokens);
    totals.set(id, (totals.get(id) ?? 0) + r[measure]);
  }
  const names = labels(rows, split);
  const ranked = [...rank.entries()]
    .filter(([, all]) => all > 0)
    .sort((a, b) => b[1] - a[1] || (names.get(a[0]) ?? '').localeCompare(names.get(b[0]) ?? ''))
    .map(([id]) => id);
  const overflow = ranked.length > MAX_SERIES;
  const kept = overflow ? ranked.slice(0, MAX_SERIES - 1) : ranked;
  const keyOf = new Map(kept.map((id, i) => [id, `s${i}`]));
  const series: Series[] = kept.map((id, i) => ({
    key: `s${i}`,
    label: names.get(id) ?? id,
    total: totals.get(id) ?? 0,
  }));
  if (overflow) {
    const rest = ranked.slice(MAX_SERIES - 1).reduce((sum, id) => sum + (totals.get(id) ?? 0), 0);
    series.push({ key: 'other', label: 'Other', total: rest });
  }

  const byDay = new Map<string, Record<string, number>>();
  for (const day of eachDay(from, to)) {
    byDay.set(day, Object.fromEntries(series.map((s) => [s.key, 0])));
  }
  for (const r of rows) {
    const point = byDay.get(r.day);
    if (!point || r[measure] === 0) continue;
    const key = keyOf.get(seriesId(r, split)) ?? 'other';
    point[key] = (point[key] ?? 0) + r[measure];
  }
  return { series, points: [...byDay.entries()].map(([day, values]) => ({ day, ...values })) };
}
