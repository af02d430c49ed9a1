// Persists a streaming message a few times a second at most, never once per token, and never two
// writes at once (a slow database must not reorder snapshots).

export interface ThrottledWriter {
  /** Marks the message dirty; the next write happens within `intervalMs`. */
  schedule(): void;
  /** Cancels pending writes, waits for the one in flight, then performs the final write. */
  finish(finalWrite: () => Promise<void>): Promise<void>;
  readonly writes: number;
}

export function createThrottledWriter(
  write: () => Promise<void>,
  intervalMs = 300,
  onError: (error: unknown) => void = (e) =>
    console.error('[parley] saving a partial answer failed', e),
): ThrottledWriter {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inflight: Promise<void> = Promise.resolve();
  let lastStart = 0;
  let finished = false;
  let writes = 0;

  const run = () => {
    timer = null;
    if (finished) return;
    lastStart = Date.now();
    writes++;
    inflight = inflight.then(write).catch(onError);
  };

  return {
    schedule() {
      if (timer || finished) return;
      timer = setTimeout(run, Math.max(0, lastStart + intervalMs - Date.now()));
    },
    async finish(finalWrite) {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inflight;
      writes++;
      await finalWrite();
    },
    get writes() {
      return writes;
    },
  };
}
