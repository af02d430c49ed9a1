// Reading a provider's stream: SSE messages (sse-decoder.ts) and their validated chunks.
import { createSSEDecoder, type SSEDecoderOptions, type SSEMessage } from './sse-decoder';
import { isPlainChunk } from './chunk-check';
import { validateChunk } from './schema';
import type { StreamEvent } from './types';

export {
  createSSEDecoder,
  type SSEDecoder,
  type SSEDecoderOptions,
  SSEEventTooLargeError,
  type SSEMessage,
} from './sse-decoder';
export type { StreamEvent } from './types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Interprets one event's data: `[DONE]`, a validated chunk, or `invalid` (never throws). */
export function parseChunkEvent(data: string): StreamEvent {
  if (data.trim() === '[DONE]') return { type: 'done' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { type: 'invalid', data, reason: `malformed JSON: ${detail}` };
  }
  if (!isRecord(json)) return { type: 'invalid', data, reason: 'not a JSON object' };
  if (isPlainChunk(json)) return { type: 'chunk', chunk: json };
  const result = validateChunk(json);
  return result.ok
    ? { type: 'chunk', chunk: result.value }
    : { type: 'invalid', data, reason: result.reason };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * What an event stream is read from: a body, or a body's reader after someone looked at its first
 * bytes (`head`, read already and decoded first). The second form saves wrapping the body in
 * another stream, which would cost a stream hop (and its promises) on every network read.
 */
export type SSESource =
  | ReadableStream<Uint8Array>
  | { reader: ReadableStreamDefaultReader<Uint8Array>; head: readonly Uint8Array[] };

/**
 * Yields the SSE messages of a response body. On abort the body is cancelled and the abort
 * reason is thrown; when the consumer stops early the body is cancelled too.
 */
export async function* readSSE(
  source: SSESource,
  signal?: AbortSignal,
  options: SSEDecoderOptions = {},
): AsyncGenerator<SSEMessage> {
  for await (const batch of readSSEBatches(source, signal, options)) {
    for (const message of batch) {
      yield message;
      if (signal?.aborted) throw abortError(signal);
    }
  }
}

/**
 * The same, one array per network read: a fast stream delivers dozens of events per read, and
 * handling them together saves a promise round trip (and a write onwards) per event.
 */
export async function* readSSEBatches(
  source: SSESource,
  signal?: AbortSignal,
  options: SSEDecoderOptions = {},
): AsyncGenerator<SSEMessage[]> {
  const { reader, head } =
    'getReader' in source ? { reader: source.getReader(), head: [] } : source;
  let queue: SSEMessage[] = [];
  const decoder = createSSEDecoder((message) => queue.push(message), options);
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    if (signal?.aborted) throw abortError(signal);
    for (let next = 0; ; next++) {
      const { done, value } =
        next < head.length ? { done: false, value: head[next] } : await reader.read();
      if (signal?.aborted) throw abortError(signal);
      if (done || value === undefined) break;
      decoder.push(value);
      if (queue.length > 0) {
        const batch = queue;
        queue = [];
        yield batch;
        if (signal?.aborted) throw abortError(signal);
      }
    }
    // end() only discards an unterminated event; it never dispatches one.
    decoder.end();
    finished = true;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
