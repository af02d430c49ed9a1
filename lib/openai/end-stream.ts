// The end of a stream, however it came (finished, dropped, stopped): text the think-block scan
// held back is given out, in the state and as one more normalized chunk for whoever follows.
import { locate, type StreamState } from './accumulate';
import { endThink } from './think';
import type { NormalizedChoice, NormalizedChunk, NormalizedDelta } from './types';

/**
 * The stream is over (ended, dropped or stopped): text the think-block scan held back is given
 * out. Returns the chunk that carries it in normalized form, or null when nothing was held.
 */
export function endStream(state: StreamState): {
  state: StreamState;
  normalized: NormalizedChunk | null;
} {
  let choices = state.choices;
  const out: NormalizedChoice[] = [];
  for (const [key, scan] of Object.entries(state.thinkScans)) {
    const index = Number(key);
    const { content, reasoning } = endThink(scan);
    if (content === '' && reasoning === '') continue;
    const { at, found } = locate(choices, index);
    const prev = found ? choices[at] : undefined;
    if (!prev) continue;
    choices = choices.slice();
    choices[at] = {
      ...prev,
      content: prev.content + content,
      reasoning: reasoning === '' ? prev.reasoning : (prev.reasoning ?? '') + reasoning,
    };
    const delta: NormalizedDelta = {};
    if (content !== '') delta.content = content;
    if (reasoning !== '') delta.reasoning_content = reasoning;
    out.push({ index, delta, finish_reason: null, logprobs: null });
  }
  const ended: StreamState = { ...state, choices, thinkScans: {} };
  if (out.length === 0) return { state: ended, normalized: null };
  return {
    state: ended,
    normalized: {
      id: state.id ?? '',
      object: 'chat.completion.chunk',
      created: state.created ?? 0,
      model: state.model ?? '',
      system_fingerprint: state.systemFingerprint,
      choices: out,
    },
  };
}
