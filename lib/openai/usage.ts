// Finds the usage object a chunk carries. Most servers use top-level `usage`; some put it in a
// provider extension object (`x_<vendor>.usage`), so any `x_*` object is looked at, never a
// specific vendor.
import type { Usage, WireUsage } from './types';

const COUNTERS = ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Usage as Parley stores it: verbatim, except that null counters are dropped. */
export function toUsage(wire: WireUsage): Usage {
  if (COUNTERS.every((k) => typeof wire[k] === 'number' || wire[k] === undefined)) {
    return wire as Usage;
  }
  const copy: Record<string, unknown> = { ...wire };
  for (const k of COUNTERS) if (typeof copy[k] !== 'number') delete copy[k];
  return copy as Usage;
}

/**
 * The usage object in `source` (a chunk or a completion), or null. Top-level `usage` wins over
 * an extension object's usage in the same payload; `usage: null` means "none here".
 */
export function pickUsage(
  source: Record<string, unknown> & { usage?: WireUsage | null },
): Usage | null {
  if (isRecord(source.usage)) return toUsage(source.usage);
  for (const key in source) {
    if (!key.startsWith('x_')) continue;
    const ext = source[key];
    if (isRecord(ext) && isRecord(ext.usage)) return toUsage(ext.usage as WireUsage);
  }
  return null;
}
