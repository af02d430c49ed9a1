/** Keys that `pause` streams wait on. Released keys are remembered, so release-before-arrival works. */
export class ReleaseGate {
  private readonly released = new Set<string>();
  private readonly waiters = new Map<string, Set<() => void>>();

  release(key: string): void {
    this.released.add(key);
    const waiting = this.waiters.get(key);
    this.waiters.delete(key);
    for (const wake of waiting ?? []) wake();
  }

  /** Resolves true once `key` is released, or false if `signal` aborts first. */
  wait(key: string, signal: AbortSignal): Promise<boolean> {
    if (this.released.has(key)) return Promise.resolve(true);
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const set = this.waiters.get(key) ?? new Set<() => void>();
      this.waiters.set(key, set);
      const onAbort = () => {
        set.delete(wake);
        resolve(false);
      };
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      set.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Forgets released keys; streams already waiting keep waiting. */
  reset(): void {
    this.released.clear();
  }
}
