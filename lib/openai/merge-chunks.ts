// Coalescing normalized chunks that arrived together (one network read). A provider streaming at
// full speed delivers dozens of one-token chunks per read; sending each on as its own event costs
// a JSON encoding, a socket write, a log frame and a browser update per token. Consecutive text
// deltas of the same choice fold into one chunk that a fresh accumulator applies to the same
// state. Anything else (finish reasons, tool calls, usage, errors, filter flags, a change of
// text channel) stays its own chunk, in order.
import type { NormalizedChunk, NormalizedDelta } from './types';

type TextKey = 'content' | 'reasoning_content' | 'refusal';
const TEXT_KEYS: readonly TextKey[] = ['content', 'reasoning_content', 'refusal'];

/** The text channel a plain text chunk carries ('' for none), or null when it is not plain text. */
function textChannel(chunk: NormalizedChunk): TextKey | '' | null {
  if (chunk.usage || chunk.error || chunk.prompt_filter_results) return null;
  if (chunk.choices.length !== 1) return null;
  const choice = chunk.choices[0];
  if (!choice || choice.finish_reason !== null || choice.content_filter_results) return null;
  const d = choice.delta;
  if (d.tool_calls) return null;
  let channel: TextKey | '' = '';
  for (const key of TEXT_KEYS) {
    if (d[key] === undefined) continue;
    if (channel !== '') return null;
    channel = key;
  }
  return channel;
}

/** `b` folded into `a`, or null when the two must stay apart. */
export function mergeChunks(a: NormalizedChunk, b: NormalizedChunk): NormalizedChunk | null {
  const ca = textChannel(a);
  const cb = textChannel(b);
  if (ca === null || cb === null) return null;
  if (ca !== '' && cb !== '' && ca !== cb) return null;
  const da = (a.choices[0] as NormalizedChunk['choices'][number]).delta;
  const choiceB = b.choices[0] as NormalizedChunk['choices'][number];
  const db = choiceB.delta;
  if (
    db.role !== undefined ||
    a.id !== b.id ||
    a.model !== b.model ||
    a.created !== b.created ||
    a.system_fingerprint !== b.system_fingerprint ||
    (a.choices[0] as NormalizedChunk['choices'][number]).index !== choiceB.index
  )
    return null;
  const channel = ca || cb;
  const delta: NormalizedDelta = {};
  if (da.role !== undefined) delta.role = da.role;
  if (channel !== '') delta[channel] = (da[channel] ?? '') + (db[channel] ?? '');
  return { ...a, choices: [{ ...choiceB, delta }] };
}

/** Collects the chunks of one read; `take` hands them out coalesced, in order. */
export function createChunkCoalescer() {
  let out: NormalizedChunk[] = [];
  return {
    push(chunk: NormalizedChunk) {
      const last = out.at(-1);
      const merged = last ? mergeChunks(last, chunk) : null;
      if (merged) out[out.length - 1] = merged;
      else out.push(chunk);
    },
    take(): NormalizedChunk[] {
      const taken = out;
      out = [];
      return taken;
    },
  };
}
