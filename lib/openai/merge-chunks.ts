// Coalescing normalized chunks that arrived together (one network read). A provider streaming at
// full speed delivers dozens of one-token chunks per read; sending each on as its own event costs
// a JSON encoding, a socket write, a log frame and a browser update per token. Consecutive text
// deltas of the same choice fold into one chunk that a fresh accumulator applies to the same
// state. Anything else (finish reasons, tool calls, usage, errors, filter flags, a change of
// text channel) stays its own chunk, in order.
import type { NormalizedChoice, NormalizedChunk, NormalizedDelta } from './types';

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

/**
 * A run of chunks that fold into one: the first, and the text the run carries so far. Folded
 * choices differ only in their delta (same index, no finish reason, no filter flag), so the
 * first one's fields stand for all of them.
 */
interface Run {
  first: NormalizedChunk;
  choice: NormalizedChoice;
  channel: TextKey | '';
  texts: string[];
  folded: boolean;
}

/** Whether `chunk` (a text chunk on `channel`) folds into `run`, as mergeChunks would. */
function fits(run: Run, chunk: NormalizedChunk, channel: TextKey | ''): boolean {
  const choice = chunk.choices[0] as NormalizedChoice;
  return (
    (run.channel === '' || channel === '' || run.channel === channel) &&
    choice.delta.role === undefined &&
    chunk.id === run.first.id &&
    chunk.model === run.first.model &&
    chunk.created === run.first.created &&
    chunk.system_fingerprint === run.first.system_fingerprint &&
    choice.index === run.choice.index
  );
}

/** The run as one chunk: what folding its chunks pairwise with mergeChunks gives. */
function settled(run: Run): NormalizedChunk {
  const { role } = run.choice.delta;
  const delta: NormalizedDelta = {};
  if (role !== undefined) delta.role = role;
  if (run.channel !== '') delta[run.channel] = run.texts.join('');
  return { ...run.first, choices: [{ ...run.choice, delta }] };
}

/**
 * Collects the chunks of one read; `take` hands them out coalesced, in order. A run's text is
 * joined once, when it is taken: folding chunk by chunk copied the chunk and its choice for
 * every token, which was most of the coalescer's cost for a fast model.
 */
export function createChunkCoalescer() {
  let out: NormalizedChunk[] = [];
  /** The run that out's last chunk stands for, while more text may fold into it. */
  let run: Run | null = null;
  const settle = () => {
    if (run?.folded) out[out.length - 1] = settled(run);
    run = null;
  };
  return {
    push(chunk: NormalizedChunk) {
      const channel = textChannel(chunk);
      const choice = chunk.choices[0] as NormalizedChoice;
      if (run && channel !== null && fits(run, chunk, channel)) {
        if (channel !== '') {
          run.channel = channel;
          run.texts.push(choice.delta[channel] ?? '');
        }
        run.folded = true;
        return;
      }
      settle();
      out.push(chunk);
      if (channel === null) return;
      const texts = channel === '' ? [] : [choice.delta[channel] ?? ''];
      run = { first: chunk, choice, channel, texts, folded: false };
    },
    take(): NormalizedChunk[] {
      settle();
      const taken = out;
      out = [];
      return taken;
    },
  };
}
