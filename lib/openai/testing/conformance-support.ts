// Pure helpers for the fixture conformance suite: the expected.json format, the projection of a
// StreamState onto it, and reproducible random read splits.
import type { ToolCall, Usage } from '../types';
import { type FinalStatus, finalStatus, type StreamState } from '../accumulate';

export interface ExpectedChoice {
  role: string | null;
  content: string;
  reasoning: string | null;
  refusal: string | null;
  tool_calls: ToolCall[];
  finish_reason: string | null;
}

export interface ExpectedCase {
  choices: Record<string, ExpectedChoice>;
  usage: Usage | null;
  /** Absent when the stream carried no error payload. */
  error?: Record<string, unknown>;
  /** null = either answer is fine. */
  done_received: boolean | null;
  read_boundaries?: number[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function expectedToolCall(value: unknown): ToolCall {
  const call = isRecord(value) ? value : {};
  const fn = isRecord(call.function) ? call.function : {};
  return {
    id: typeof call.id === 'string' ? call.id : '',
    type: typeof call.type === 'string' ? call.type : 'function',
    function: {
      name: typeof fn.name === 'string' ? fn.name : '',
      arguments: typeof fn.arguments === 'string' ? fn.arguments : '',
    },
  };
}

/** Reads one expected.json entry, applying the README's equivalences ("" ≡ null, type default). */
export function readExpectedCase(raw: unknown): ExpectedCase {
  if (!isRecord(raw)) throw new Error('expected entry is not an object');
  const choices: Record<string, ExpectedChoice> = {};
  const rawChoices = isRecord(raw.choices) ? raw.choices : {};
  for (const [key, value] of Object.entries(rawChoices)) {
    const c = isRecord(value) ? value : {};
    choices[key] = {
      role: text(c.role),
      content: text(c.content) ?? '',
      reasoning: text(c.reasoning),
      refusal: text(c.refusal),
      tool_calls: Array.isArray(c.tool_calls) ? c.tool_calls.map(expectedToolCall) : [],
      finish_reason: text(c.finish_reason),
    };
  }
  const result: ExpectedCase = {
    choices,
    usage: isRecord(raw.usage) ? (raw.usage as Usage) : null,
    done_received: typeof raw.done_received === 'boolean' ? raw.done_received : null,
  };
  if (isRecord(raw.error)) result.error = raw.error;
  if (Array.isArray(raw.read_boundaries)) {
    result.read_boundaries = raw.read_boundaries.filter((n): n is number => Number.isInteger(n));
  }
  return result;
}

/** The state's choices in expected.json form, keyed by index. */
export function actualChoices(state: StreamState): Record<string, ExpectedChoice> {
  const out: Record<string, ExpectedChoice> = {};
  for (const c of state.choices) {
    out[String(c.index)] = {
      role: text(c.role),
      content: c.content,
      reasoning: text(c.reasoning),
      refusal: text(c.refusal),
      tool_calls: c.toolCalls,
      finish_reason: text(c.finishReason),
    };
  }
  return out;
}

/** The status a correct client reports for the expected result. */
export function expectedStatus(expected: ExpectedCase): FinalStatus {
  if (expected.error) return 'error';
  return expected.choices['0']?.finish_reason ? 'complete' : 'interrupted';
}

export { finalStatus };

/**
 * The actual error restricted to the keys the fixture states, beside the expected one, ready
 * for a deep comparison. Every stated key counts (at least `code` and `message` in practice);
 * `code` is compared as a string since providers mix 502 and "502".
 */
export function projectError(
  expected: Record<string, unknown>,
  actual: Record<string, unknown> | null,
): { expected: Record<string, unknown>; actual: Record<string, unknown> | null } {
  const codeText = (v: unknown) => (v === undefined || v === null ? v : String(v));
  const want: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(expected)) {
    want[key] = key === 'code' ? codeText(value) : value;
  }
  if (!actual) return { expected: want, actual: null };
  const got: Record<string, unknown> = {};
  for (const key of Object.keys(expected)) {
    got[key] = key === 'code' ? codeText(actual[key]) : actual[key];
  }
  return { expected: want, actual: got };
}

/** mulberry32: tiny seeded PRNG, returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to give every file its own split sequence that does not shift when files are added. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Parses STREAM_SEED: an integer, or any other string hashed; undefined → `fallback`. */
export function parseSeed(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n >>> 0 : hashString(raw);
}

/** `count` sets of sorted, distinct cut offsets in [1, length - 1]. */
export function randomSplitSets(length: number, seed: number, count: number): number[][] {
  const rng = mulberry32(seed);
  const sets: number[][] = [];
  for (let s = 0; s < count; s++) {
    if (length < 2) {
      sets.push([]);
      continue;
    }
    const cuts = new Set<number>();
    const want = 1 + Math.floor(rng() * Math.min(length - 1, 48));
    for (let i = 0; i < want; i++) cuts.add(1 + Math.floor(rng() * (length - 1)));
    sets.push([...cuts].sort((a, b) => a - b));
  }
  return sets;
}
