// Server-sent events over raw bytes. eventsource-parser does the line protocol (CRLF, comments,
// `data:` without a space, multi-line data); a streaming TextDecoder keeps multi-byte characters
// intact across reads. Only complete events (terminated by a blank line) are ever dispatched.
// Kept apart from chunk validation (zod) so the browser's stream driver loads only this.
import { createParser } from 'eventsource-parser';

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

/** Thrown by a decoder with `maxEventBytes` when one event grows past it. */
export class SSEEventTooLargeError extends Error {
  constructor(readonly maxEventBytes: number) {
    super(`a server-sent event is larger than ${maxEventBytes} bytes`);
    this.name = 'SSEEventTooLargeError';
  }
}

export interface SSEDecoderOptions {
  /**
   * Bytes one event (or comment) may take before the decoder gives up with
   * SSEEventTooLargeError, so a server that never ends its event cannot grow the buffer without
   * bound. An unfinished event is counted per input chunk, so it may exceed the cap by at most
   * one chunk before it is refused.
   */
  maxEventBytes?: number;
}

export function createSSEDecoder(
  onMessage: (message: SSEMessage) => void,
  options: SSEDecoderOptions = {},
): SSEDecoder {
  const max = options.maxEventBytes ?? Number.POSITIVE_INFINITY;
  // Bytes received since the last event or comment ended: what the parser may be holding.
  let pending = 0;
  let decoder = new TextDecoder('utf-8');
  // The parser holds back a trailing CR in case LF follows; at end of input it is a terminator.
  let endsWithCR = false;
  const feed = (text: string) => {
    if (text === '') return;
    parser.feed(text);
    endsWithCR = text.endsWith('\r');
  };
  const parser = createParser({
    onComment() {
      pending = 0;
    },
    onEvent(event) {
      pending = 0;
      // A whole oversized event can arrive in one read; it is refused before anyone sees it.
      if (event.data.length > max) throw new SSEEventTooLargeError(max);
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
      pending += bytes.byteLength;
      feed(decoder.decode(bytes, { stream: true }));
      if (pending > max) throw new SSEEventTooLargeError(max);
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
