import type { ChatCompletionChunk, StreamState } from '@/lib/openai/accumulate';

/** A whole (non-streamed) answer as one normalized chunk, so the browser path stays the same. */
export function stateAsChunk(state: StreamState): ChatCompletionChunk {
  return {
    id: state.id ?? '',
    object: 'chat.completion.chunk',
    created: state.created ?? 0,
    model: state.model ?? '',
    system_fingerprint: state.systemFingerprint,
    choices: state.choices.map((c) => ({
      index: c.index,
      delta: {
        role: c.role ?? 'assistant',
        content: c.content,
        ...(c.reasoning ? { reasoning_content: c.reasoning } : {}),
        ...(c.refusal ? { refusal: c.refusal } : {}),
        ...(c.toolCalls.length > 0
          ? {
              tool_calls: c.toolCalls.map((t, index) => ({
                index,
                id: t.id,
                type: t.type,
                function: { name: t.function.name, arguments: t.function.arguments },
              })),
            }
          : {}),
      },
      finish_reason: c.finishReason,
      logprobs: null,
    })),
    ...(state.usage ? { usage: state.usage } : {}),
  };
}
