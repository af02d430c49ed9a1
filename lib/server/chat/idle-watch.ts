import 'server-only';

export interface IdleWatch {
  /** Starts watching; aborts with 'idle' once nothing was read for the whole window. */
  start(): void;
  /** Records a read. */
  touch(): void;
  stop(): void;
}

/**
 * One timer for the whole stream that looks at the time of the last read when it fires
 * (re-arming a timer on every read costs more than the read's other bookkeeping).
 */
export function createIdleWatch(idleMs: number, abort: AbortController): IdleWatch {
  let lastRead = Date.now();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const watchIdle = (wait: number) => {
    idleTimer = setTimeout(() => {
      const quiet = Date.now() - lastRead;
      if (quiet >= idleMs) abort.abort('idle');
      else watchIdle(idleMs - quiet);
    }, wait);
  };
  return {
    start: () => watchIdle(idleMs),
    touch: () => {
      lastRead = Date.now();
    },
    stop: () => clearTimeout(idleTimer),
  };
}
