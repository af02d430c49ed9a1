/**
 * Per-response cancellation. Every timer and wait of a response goes through its `ResponseLife`,
 * so a client abort or `close()` stops pacing at once instead of leaking timers.
 */
export class ResponseLife {
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  stop(): void {
    this.controller.abort();
  }

  /** Resolves true after `ms`, or false as soon as the response is stopped. */
  sleep(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onStop = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.signal.removeEventListener('abort', onStop);
        resolve(true);
      }, ms);
      this.signal.addEventListener('abort', onStop, { once: true });
    });
  }

  /** Never continues: resolves false only when the response is stopped. */
  forever(): Promise<false> {
    return new Promise((resolve) => {
      if (this.stopped) resolve(false);
      else this.signal.addEventListener('abort', () => resolve(false), { once: true });
    });
  }
}
