import 'server-only';
import { sseFrame } from '@/lib/chat/events';
import { createChunkCoalescer } from '@/lib/openai/merge-chunks';
import type { NormalizedChunk } from '@/lib/openai/types';

/**
 * At most one write to the browser per window. A socket write costs far more than handling a
 * token (about 0.1 ms of system time here), so a model at 100 tokens/s would otherwise cost 100
 * writes a second per stream. The first chunk after a quiet window goes at once (no added delay
 * for the first token); chunks arriving within the window are coalesced (merge-chunks.ts) and
 * sent when it ends. `flush` sends whatever waits, before any other event of the turn.
 */
export const PACE_WINDOW_MS = 40;

export interface ChunkPacer {
  push(chunk: NormalizedChunk): void;
  /** Sends now if the window has passed, else when it does. */
  flushSoon(): void;
  /** Sends what waits, now. */
  flush(): void;
}

export function createChunkPacer(
  send: (frame: string) => void,
  windowMs = PACE_WINDOW_MS,
  now: () => number = Date.now,
): ChunkPacer {
  const out = createChunkCoalescer();
  let pending = false;
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    pending = false;
    last = now();
    for (const chunk of out.take()) send(sseFrame(chunk));
  };

  return {
    push(chunk) {
      out.push(chunk);
      pending = true;
    },
    flushSoon() {
      if (!pending || timer) return;
      const wait = last + windowMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
  };
}
