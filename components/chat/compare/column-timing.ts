// When each column of a comparison started, showed its first token and ended, as this tab saw
// it (module state: a column's row may unmount and mount again while it streams).

export interface Timing {
  startedAt: number;
  firstAt: number | null;
  endedAt: number | null;
}

const timings = new Map<string, Timing>();

export const columnTiming = {
  start(key: string) {
    timings.set(key, { startedAt: performance.now(), firstAt: null, endedAt: null });
  },
  /** Notes the first token's time once; true when this call noted it. */
  first(key: string): boolean {
    const t = timings.get(key);
    if (!t || t.firstAt !== null) return false;
    t.firstAt = performance.now();
    return true;
  },
  end(key: string) {
    const t = timings.get(key);
    if (t && t.endedAt === null) t.endedAt = performance.now();
  },
  get: (key: string): Timing | undefined => timings.get(key),
};

/** "first token 0.4 s · 52 tokens/s", from what this tab saw; null when unknown. */
export function formatTiming(timing: Timing | undefined, tokens: number | null): string | null {
  if (!timing || timing.firstAt === null) return null;
  const parts = [`first token ${((timing.firstAt - timing.startedAt) / 1000).toFixed(1)} s`];
  const seconds = ((timing.endedAt ?? performance.now()) - timing.firstAt) / 1000;
  if (tokens !== null && tokens > 0 && seconds > 0.05) {
    parts.push(`${Math.round(tokens / seconds)} tokens/s`);
  }
  return parts.join(' · ');
}
