import 'server-only';

export class DeadlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeadlineError';
  }
}

/**
 * Settles with `promise`, or rejects with DeadlineError(message) after `ms`, or with the
 * signal's reason when it aborts — whichever comes first. The promise is not cancelled;
 * callers close whatever it was waiting on.
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => done(() => reject(new DeadlineError(message))), ms);
    const onAbort = () => done(() => reject(signal?.reason));
    function done(settle: () => void) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => done(() => resolve(value)),
      (error: unknown) => done(() => reject(error)),
    );
  });
}
