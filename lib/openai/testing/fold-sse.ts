// Runs raw SSE bytes, already cut into network reads, through the whole pipeline at once.
// Used by tests and tools that hold a complete recording rather than a live body.
import { endStream } from '../end-stream';
import {
  accumulate,
  initialStreamState,
  type StreamOptions,
  type StreamState,
  step,
} from '../accumulate';
import { createSSEDecoder, parseChunkEvent } from '../sse';
import type { NormalizedChunk } from '../types';

export interface SSEFold {
  state: StreamState;
  /** One entry per chunk event, in order. */
  normalized: NormalizedChunk[];
  /** Events whose data was neither `[DONE]` nor a valid chunk. */
  invalid: Array<{ data: string; reason: string }>;
}

export interface FoldOptions extends StreamOptions {
  /** Sees every intermediate state, after each chunk event and after the end of the stream. */
  onState?: (state: StreamState) => void;
}

export function foldSSE(reads: Iterable<Uint8Array>, options: FoldOptions = {}): SSEFold {
  let state = initialStreamState(options);
  const normalized: NormalizedChunk[] = [];
  const invalid: SSEFold['invalid'] = [];
  const decoder = createSSEDecoder((message) => {
    const event = parseChunkEvent(message.data);
    if (event.type === 'chunk') {
      const next = step(state, event.chunk);
      state = next.state;
      normalized.push(next.normalized);
      options.onState?.(state);
    } else if (event.type === 'invalid') {
      invalid.push({ data: event.data, reason: event.reason });
    } else {
      state = accumulate(state, event);
    }
  });
  for (const bytes of reads) decoder.push(bytes);
  decoder.end();
  const end = endStream(state);
  state = end.state;
  if (end.normalized) normalized.push(end.normalized);
  options.onState?.(state);
  return { state, normalized, invalid };
}

/** Cuts `bytes` at the given offsets (out-of-range and repeated offsets are ignored). */
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets)].filter((o) => o > 0 && o < bytes.length).sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const cut of cuts) {
    parts.push(bytes.subarray(start, cut));
    start = cut;
  }
  parts.push(bytes.subarray(start));
  return parts;
}
