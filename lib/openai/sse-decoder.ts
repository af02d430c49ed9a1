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
