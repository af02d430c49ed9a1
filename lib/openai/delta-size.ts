import type { NormalizedChunk } from './types';

/**
 * Characters a normalized chunk adds to the answer: text, reasoning, refusal and tool-call names
 * and arguments, over every choice. Summed chunk by chunk it measures an answer's size without
 * re-reading what was accumulated.
 */
export function deltaChars(chunk: NormalizedChunk): number {
  let n = 0;
  for (const choice of chunk.choices) {
    const d = choice.delta;
    n += (d.content?.length ?? 0) + (d.reasoning_content?.length ?? 0) + (d.refusal?.length ?? 0);
    for (const call of d.tool_calls ?? []) {
      n += (call.function.name?.length ?? 0) + (call.function.arguments?.length ?? 0);
    }
  }
  return n;
}
