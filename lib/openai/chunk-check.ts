// The fast path of chunk validation: a hand-written check of exactly the fields the accumulator
// reads, in the shapes streams nearly always use (string content, plain tool-call fragments).
// It only ever says yes to what the zod schema (schema.ts) also accepts; anything else (content
// parts, reasoning_details, object arguments, a wrong type) goes to zod, which decides and
// explains. zod on every chunk cost more than the rest of the chunk's handling together.
import type { ChatCompletionChunk } from './types';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const strish = (v: unknown) => v == null || typeof v === 'string';
const numish = (v: unknown) => v == null || typeof v === 'number';
const intish = (v: unknown) => v == null || Number.isSafeInteger(v);

function plainFragment(f: unknown): boolean {
  if (!isObj(f) || !intish(f.index) || !strish(f.id) || !strish(f.type)) return false;
  const fn = f.function;
  return fn == null || (isObj(fn) && strish(fn.name) && strish(fn.arguments));
}

function plainDelta(d: unknown): boolean {
  if (d == null) return true;
  if (!isObj(d)) return false;
  if (
    !strish(d.role) ||
    !strish(d.content) ||
    !strish(d.reasoning_content) ||
    !strish(d.reasoning) ||
    !strish(d.refusal) ||
    d.reasoning_details != null
  )
    return false;
  const calls = d.tool_calls;
  if (calls == null) return true;
  if (!Array.isArray(calls)) return false;
  for (const call of calls) if (!plainFragment(call)) return false;
  return true;
}

function plainUsage(u: unknown): boolean {
  if (u == null) return true;
  return (
    isObj(u) && numish(u.prompt_tokens) && numish(u.completion_tokens) && numish(u.total_tokens)
  );
}

/**
 * True when `json` is certainly a valid chunk (as chatCompletionChunkSchema would accept it,
 * unchanged); false means "ask the schema", not "invalid".
 */
export function isPlainChunk(json: Obj): json is ChatCompletionChunk {
  if (
    !strish(json.id) ||
    !strish(json.object) ||
    !numish(json.created) ||
    !strish(json.model) ||
    !strish(json.system_fingerprint) ||
    !plainUsage(json.usage)
  )
    return false;
  const error = json.error;
  if (error != null && typeof error !== 'string' && !isObj(error)) return false;
  const choices = json.choices;
  if (choices == null) return true;
  if (!Array.isArray(choices)) return false;
  for (const c of choices) {
    if (!isObj(c) || !intish(c.index) || !strish(c.finish_reason) || !plainDelta(c.delta))
      return false;
  }
  return true;
}
