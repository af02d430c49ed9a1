import type { StreamState } from '@/lib/openai/accumulate';
import type { ChatMessage } from './types';

export type StreamedFields = Pick<
  ChatMessage,
  'content' | 'reasoning' | 'refusal' | 'toolCalls' | 'finishReason' | 'usage'
> & { model: string | null };

/** The parts of an assistant message that come from the stream (choice 0: Parley asks for n=1). */
export function fieldsFromStream(state: StreamState): StreamedFields {
  const choice = state.choices.find((c) => c.index === 0) ?? state.choices[0];
  return {
    content: choice?.content ?? '',
    reasoning: choice?.reasoning ?? null,
    refusal: choice?.refusal ?? null,
    toolCalls: choice && choice.toolCalls.length > 0 ? choice.toolCalls : null,
    // A flagged filter annotation means the filter stopped the answer, whatever else was said.
    finishReason: state.contentFiltered ? 'content_filter' : (choice?.finishReason ?? null),
    usage: state.usage,
    model: state.model || null,
  };
}

/** Tracks how long the model "thought": from its first reasoning text to its first answer text. */
export function createReasoningClock(now: () => number = Date.now) {
  let start: number | null = null;
  let duration: number | null = null;
  return {
    update(fields: Pick<StreamedFields, 'reasoning' | 'content' | 'toolCalls'>) {
      if (start === null && fields.reasoning) start = now();
      if (start !== null && duration === null && (fields.content || fields.toolCalls))
        duration = now() - start;
    },
    /** The duration so far; a still-thinking model counts up to now when `finish` is set. */
    value(finish = false): number | null {
      if (duration !== null || start === null) return duration;
      return finish ? now() - start : null;
    },
  };
}
