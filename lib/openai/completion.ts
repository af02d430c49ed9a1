// A non-streaming `chat.completion` folded into the same StreamState a stream produces, by
// replaying it as one chunk: every quirk (content parts, reasoning aliases, usage location,
// in-band errors) is then handled by exactly the same code.
import { initialStreamState, type StreamState, step } from './accumulate';
import { endStream } from './end-stream';
import { parseCompletion } from './schema';
import type { ChatCompletion, ChatCompletionChunk, ChunkChoice } from './types';

function asChunk(completion: ChatCompletion): ChatCompletionChunk {
  const { choices, ...envelope } = completion;
  const chunkChoices: ChunkChoice[] = (choices ?? []).map((choice, position) => {
    const { message, ...rest } = choice;
    const delta = message
      ? {
          ...message,
          // In a whole message every entry is its own call: key them by position.
          tool_calls: message.tool_calls?.map((call, index) => ({ ...call, index })) ?? null,
        }
      : null;
    return { ...rest, index: typeof choice.index === 'number' ? choice.index : position, delta };
  });
  return { ...envelope, choices: chunkChoices };
}

/**
 * Folds a whole response. The body is validated first (callers typically pass `res.json()`);
 * a body that is not a chat completion yields a state whose `error` says why.
 */
export function foldCompletion(completion: ChatCompletion): StreamState {
  const parsed = parseCompletion(completion);
  if (!parsed.ok) {
    return {
      ...initialStreamState(),
      error: { message: `Invalid chat completion: ${parsed.reason}`, code: 'invalid_response' },
      doneReceived: true,
    };
  }
  const { state } = endStream(step(initialStreamState(), asChunk(parsed.value)).state);
  return { ...state, doneReceived: true };
}
