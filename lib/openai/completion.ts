// A non-streaming `chat.completion` folded into the same StreamState a stream produces, by
// replaying it as one chunk: every quirk (content parts, reasoning aliases, usage location,
// in-band errors) is then handled by exactly the same code.
import { initialStreamState, type StreamState, step } from './accumulate';
import { endStream } from './end-stream';
import { parseCompletion } from './schema';
import type { ChatCompletion, ChatCompletionChunk, ChunkChoice } from './types';

/**
 * The completion as one chunk. Built so that responses of one shape give chunks of one hidden
 * class (V8's): the stream reducer (`step`) is compiled for the chunks it reads, and a chunk of
 * a new class with every new conversation's title threw that code away to compile it again (7
 * times in a new server's first 20 answers). So no object rest, and no spread that adds a key
 * (but for the rare tool calls): V8 gives such copies a new class on every call once hot.
 */
export function completionAsChunk(completion: ChatCompletion): ChatCompletionChunk {
  const chunkChoices: ChunkChoice[] = (completion.choices ?? []).map((choice, position) => {
    const message = choice.message ?? null;
    const calls = message?.tool_calls;
    return {
      index: typeof choice.index === 'number' ? choice.index : position,
      // In a whole message every tool call is its own: they are keyed by position.
      delta: calls
        ? { ...message, tool_calls: calls.map((call, index) => ({ ...call, index })) }
        : message,
      finish_reason: choice.finish_reason,
      logprobs: choice.logprobs ?? null,
      content_filter_results: choice.content_filter_results,
    };
  });
  return { ...completion, choices: chunkChoices };
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
  const { state } = endStream(step(initialStreamState(), completionAsChunk(parsed.value)).state);
  return { ...state, doneReceived: true };
}
