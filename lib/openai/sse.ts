// Server-sent events over raw bytes. eventsource-parser does the line protocol (CRLF, comments,
// `data:` without a space, multi-line data); a streaming TextDecoder keeps multi-byte characters
// intact across reads. Only complete events (terminated by a blank line) are ever dispatched.
import { createParser } from 'eventsource-parser';
import { validateChunk } from './schema';
import type { StreamEvent } from './types';

export type { StreamEvent } from './types';

export interface SSEMessage {
  event?: string;
  data: string;
  id?: string;
}

export interface SSEDecoder {
  push(bytes: Uint8Array): void;
  /** End of input: flushes the text decoder and discards an unterminated trailing event. */
  end(): void;
}

export function createSSEDecoder(onMessage: (message: SSEMessage) => void): SSEDecoder {
  let decoder = new TextDecoder('utf-8');
  // The parser holds back a trailing CR in case LF follows; at end of input it is a terminator.
  let endsWithCR = false;
  const feed = (text: string) => {
    if (text === '') return;
    parser.feed(text);
    endsWithCR = text.endsWith('\r');
  };
  const parser = createParser({
    onEvent(event) {
      // Per the SSE spec an event whose data buffer is empty is not dispatched.
      if (event.data === '') return;
      const message: SSEMessage = { data: event.data };
      if (event.event !== undefined) message.event = event.event;
      if (event.id !== undefined) message.id = event.id;
      onMessage(message);
    },
  });
  return {
    push(bytes) {
      feed(decoder.decode(bytes, { stream: true }));
    },
    end() {
      feed(decoder.decode());
      if (endsWithCR) parser.feed('\n');
      // reset() without `consume` drops the incomplete line and the undispatched event.
      parser.reset();
      decoder = new TextDecoder('utf-8');
      endsWithCR = false;
    },
  };
}

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
  const result = validateChunk(json);
  return result.ok
    ? { type: 'chunk', chunk: result.value }
    : { type: 'invalid', data, reason: result.reason };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Yields the SSE messages of a response body. On abort the body is cancelled and the abort
 * reason is thrown; when the consumer stops early the body is cancelled too.
 */
export async function* readSSE(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<SSEMessage> {
  if (signal?.aborted) throw abortError(signal);
  const reader = body.getReader();
  const queue: SSEMessage[] = [];
  const decoder = createSSEDecoder((message) => queue.push(message));
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw abortError(signal);
      if (done) break;
      decoder.push(value);
      while (queue.length > 0) {
        const message = queue.shift();
        if (message) yield message;
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
