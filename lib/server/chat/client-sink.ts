import { encodeSSEComment } from '@/lib/chat/events';

/**
 * The browser's end of a generation. When the browser goes away the generation keeps running
 * and saving; the sink simply stops writing.
 */
export interface ClientSink {
  readonly stream: ReadableStream<Uint8Array>;
  send(bytes: Uint8Array): void;
  close(): void;
  readonly detached: boolean;
}

export function createClientSink(keepAliveMs = 15_000): ClientSink {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let detached = false;
  let keepAlive: ReturnType<typeof setInterval> | undefined;

  const detach = () => {
    detached = true;
    if (keepAlive) clearInterval(keepAlive);
  };

  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      keepAlive = setInterval(() => sink.send(encodeSSEComment('keep-alive')), keepAliveMs);
    },
    cancel: detach,
  });

  const sink: ClientSink = {
    stream,
    send(bytes) {
      if (detached) return;
      try {
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
