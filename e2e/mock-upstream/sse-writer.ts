/** Writes SSE bytes to a response, one socket write per call, honouring the response's life. */
import type { ServerResponse } from 'node:http';
import type { ResponseLife } from './life';

export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

const encoder = new TextEncoder();

export class SSEWriter {
  constructor(
    private readonly res: ServerResponse,
    private readonly life: ResponseLife,
  ) {}

  /** `data: <json>\n\n` as one write. Resolves false when the response is gone. */
  event(data: unknown): Promise<boolean> {
    return this.raw(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
  }

  done(): Promise<boolean> {
    return this.raw(encoder.encode('data: [DONE]\n\n'));
  }

  /** Resolves once the bytes were handed to the socket, so a following delay really separates reads. */
  raw(bytes: Uint8Array): Promise<boolean> {
    if (this.life.stopped || this.res.destroyed) return Promise.resolve(false);
    return new Promise((resolve) => {
      // A destroyed socket may drop the write callback; the abort listener guarantees we settle.
      const onStop = () => resolve(false);
      this.life.signal.addEventListener('abort', onStop, { once: true });
      this.res.write(bytes, (err) => {
        this.life.signal.removeEventListener('abort', onStop);
        resolve(!err && !this.life.stopped);
      });
    });
  }

  end(): Promise<void> {
    return new Promise((resolve) => {
      if (this.res.destroyed || this.res.writableEnded) resolve();
      else {
        // 'close' covers a socket that dies before 'finish', which never calls end's callback.
        this.res.once('close', () => resolve());
        this.res.end(() => resolve());
      }
    });
  }
}
