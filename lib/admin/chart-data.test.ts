import { describe, expect, it } from 'vitest';
import { chartData, MAX_SERIES } from './chart-data';
import type { UsageDay } from './schemas';

const row = (
  day: string,
  provider: string,
  model: string,
  inputTokens: number,
  outputTokens = 0,
): UsageDay => ({
  day,
  provider,
  model,
  messages: 1,
  inputTokens,
  outputTokens,
  cost: null,
});

describe('chartData', () => {
  const rows = [
    row('2026-01-01', 'OpenAI', 'gpt-4o', 100, 10),
    row('2026-01-01', 'Groq', 'llama.3', 50, 5),
    row('2026-01-03', 'OpenAI', 'gpt-4o', 30, 3),
    row('2026-01-03', 'OpenAI', 'gpt-4o-mini', 20, 2),
  ];

  it('gives every day of the period a point, zeros where nothing was used', () => {
    const data = chartData(rows, 'model', 'inputTokens', '2026-01-01', '2026-01-03');
    expect(data.series).toEqual([
      { key: 's0', label: 'gpt-4o', total: 130 },
      { key: 's1', label: 'llama.3', total: 50 },
      { key: 's2', label: 'gpt-4o-mini', total: 20 },
    ]);
    expect(data.points).toEqual([
      { day: '2026-01-01', s0: 100, s1: 50, s2: 0 },
      { day: '2026-01-02', s0: 0, s1: 0, s2: 0 },
      { day: '2026-01-03', s0: 30, s1: 0, s2: 20 },
    ]);
  });

  it('splits by provider and by output tokens', () => {
    const data = chartData(rows, 'provider', 'outputTokens', '2026-01-01', '2026-01-03');
    expect(data.series.map((s) => [s.label, s.total])).toEqual([
      ['OpenAI', 15],
      ['Groq', 5],
    ]);
    expect(data.points[2]).toEqual({ day: '2026-01-03', s0: 5, s1: 0 });
  });

  it('gives a series the same key (colour) in the input and the output chart', () => {
    const mixed = [
      row('2026-01-01', 'P', 'reader', 900, 1),
      row('2026-01-01', 'P', 'writer', 10, 500),
    ];
    const input = chartData(mixed, 'model', 'inputTokens', '2026-01-01', '2026-01-01');
    const output = chartData(mixed, 'model', 'outputTokens', '2026-01-01', '2026-01-01');
    expect(input.series.map((s) => [s.key, s.label, s.total])).toEqual([
      ['s0', 'reader', 900],
      ['s1', 'writer', 10],
    ]);
    expect(output.series.map((s) => [s.key, s.label, s.total])).toEqual([
      ['s0', 'reader', 1],
      ['s1', 'writer', 500],
    ]);
  });

  it('names the provider when two providers serve a model of the same name', () => {
    const data = chartData(
      [row('2026-01-01', 'A', 'm', 2), row('2026-01-01', 'B', 'm', 1)],
      'model',
      'inputTokens',
      '2026-01-01',
      '2026-01-01',
    );
    expect(data.series.map((s) => s.label)).toEqual(['m (A)', 'm (B)']);
  });

  it('sums the smallest series as Other beyond the limit, keeping the day totals', () => {
    const many = Array.from({ length: MAX_SERIES + 3 }, (_, i) =>
      row('2026-01-01', 'P', `model-${i}`, 100 - i),
    );
    const data = chartData(many, 'model', 'inputTokens', '2026-01-01', '2026-01-01');
    expect(data.series).toHaveLength(MAX_SERIES);
    expect(data.series.at(-1)?.label).toBe('Other');
    const point: Record<string, number | string> = data.points[0] ?? {};
    const sum = data.series.reduce((s, x) => s + Number(point[x.key]), 0);
    expect(sum).toBe(many.reduce((s, r) => s + r.inputTokens, 0));
  });

  it('ignores rows outside the period and series with no tokens at all', () => {
    const data = chartData(
      [row('2025-12-31', 'P', 'old', 9), row('2026-01-01', 'P', 'none', 0, 0)],
      'model',
      'inputTokens',
      '2026-01-01',
      '2026-01-01',
    );
    expect(data.series.map((s) => s.label)).toEqual(['old']);
    expect(data.points).toEqual([{ day: '2026-01-01', s0: 0 }]);
  });
});
