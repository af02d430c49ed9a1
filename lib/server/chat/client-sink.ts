import { encodeSSEComment } from '@/lib/chat/events';

/**
 * The browser's end of a generation. When the browser goes away the generation keeps running
 * and saving; the sink simply stops writing.
 *
 * Backpressure: the stream counts queued bytes (`desiredSize`), and `send` never waits, so a slow
 * reader can never stall the generation or its saving. A reader that falls further behind than
 * `maxBufferedBytes` is cut off (its stream errors and it reloads the saved answer) instead of
 * letting the queue grow without bound; keep-alives are only sent while nothing is queued.
 */
export interface ClientSink {
  readonly stream: ReadableStream<Uint8Array>;
  /** One SSE frame, as bytes or as text (encoded here, once). */
  send(frame: Uint8Array | string): void;
  close(): void;
  readonly detached: boolean;
}

export interface ClientSinkOptions {
  keepAliveMs?: number;
  /** Bytes the stream asks for before it reports backpressure. */
  highWaterMark?: number;
  /** Bytes a slow reader may leave unread before it is cut off. */
  maxBufferedBytes?: number;
}

const encoder = new TextEncoder();

export const CLIENT_HIGH_WATER_MARK = 64 * 1024;
export const CLIENT_MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export class SlowClientError extends Error {
  constructor(maxBufferedBytes: number) {
    super(`the client left more than ${maxBufferedBytes} bytes unread`);
    this.name = 'SlowClientError';
  }
}

export function createClientSink(options: ClientSinkOptions = {}): ClientSink {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const highWaterMark = options.highWaterMark ?? CLIENT_HIGH_WATER_MARK;
  const maxBuffered = options.maxBufferedBytes ?? CLIENT_MAX_BUFFERED_BYTES;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let detached = false;
  let keepAlive: ReturnType<typeof setInterval> | undefined;

  const detach = () => {
    detached = true;
    if (keepAlive) clearInterval(keepAlive);
  };
  /** Bytes enqueued but not yet read by the consumer. */
  const queued = () => highWaterMark - (controller.desiredSize ?? highWaterMark);

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        keepAlive = setInterval(() => {
          if (!detached && queued() <= 0) sink.send(encodeSSEComment('keep-alive'));
        }, keepAliveMs);
      },
      cancel: detach,
    },
    { highWaterMark, size: (chunk) => chunk.byteLength },
  );

  const sink: ClientSink = {
    stream,
    send(frame) {
      if (detached) return;
      const bytes = typeof frame === 'string' ? encoder.encode(frame) : frame;
      try {
        if (queued() + bytes.byteLength > maxBuffered) {
          detach();
          controller.error(new SlowClientError(maxBuffered));
          return;
        }
        controller.enqueue(bytes);
      } catch {
        detach();
      }
    },
    close() {
      if (detached) return;
      detach();
      try {
        controller.close();
      } catch {
        // Already closed by the runtime.
      }
    },
    get detached() {
      return detached;
    },
  };
  return sink;
}
