// Persists a streaming message (or a live turn's event log) a few times a second at most, never
// once per token. It coalesces rather than queues: one write in flight at a time, and while it
// runs further requests only mark the state dirty, so the next write (with the latest state)
// follows it. A slow database therefore costs fewer writes, never a growing queue.

export interface ThrottledWriter {
  /** Marks the state dirty; a write of the latest state starts within `intervalMs` (or when the write in flight ends). */
  schedule(): void;
  /** Cancels pending writes, waits for the one in flight, then performs the final write. */
  finish(finalWrite: () => Promise<void>): Promise<void>;
  readonly writes: number;
}

export function createThrottledWriter(
  write: () => Promise<void>,
  intervalMs: number,
  /** A failed write is reported here (the caller logs it) and retried by the next one. */
  onError: (error: unknown) => void,
  /**
   * `firstAfterInterval`: the first write also waits a whole interval (from now) instead of
   * starting at once, so state that is finished sooner costs only the final write.
   */
  options: { firstAfterInterval?: boolean } = {},
): ThrottledWriter {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inflight: Promise<void> | null = null;
  let dirty = false;
  let lastStart = options.firstAfterInterval ? Date.now() : Number.NEGATIVE_INFINITY;
  let finished = false;
  let writes = 0;

  const kick = () => {
    if (finished || !dirty || inflight || timer) return;
    const wait = lastStart + intervalMs - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = null;
        kick();
      }, wait);
      return;
    }
    dirty = false;
    lastStart = Date.now();
    writes++;
    inflight = write()
      .catch(onError)
      .finally(() => {
        inflight = null;
        kick();
      });
  };

  return {
    schedule() {
      dirty = true;
      kick();
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
