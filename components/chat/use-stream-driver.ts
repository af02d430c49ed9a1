'use client';
import { useEffect, useState } from 'react';
import type { StreamDriver } from '@/lib/store/stream-driver';

// The stream driver (the SSE reader and the chunk accumulator) is a chunk of its own: the chat
// page renders and takes input without it, and loads it as soon as it has mounted, so it is
// there before the first message is sent (a send that comes sooner waits for it).

export interface DriverHandle {
  /** The driver once loaded, else null. */
  current(): StreamDriver | null;
  /** The driver, loaded first if need be; rejects when its chunk cannot be loaded. */
  get(): Promise<StreamDriver>;
}

function createHandle(minRenderGapMs: number): DriverHandle {
  let driver: StreamDriver | null = null;
  let loading: Promise<StreamDriver> | null = null;
  return {
    current: () => driver,
    get() {
      loading ??= import('@/lib/store/stream-driver').then(
        (module) => {
          driver ??= module.createStreamDriver({ minRenderGapMs });
          return driver;
        },
        (error: unknown) => {
          loading = null; // the next send tries again
          throw error;
        },
      );
      return loading;
    },
  };
}

export function useStreamDriver(minRenderGapMs: number): DriverHandle {
  const [handle] = useState(() => createHandle(minRenderGapMs));
  useEffect(() => {
    handle.get().catch(() => {});
    // Leaving the page only detaches: the server finishes and saves the answer.
    return () => handle.current()?.detach();
  }, [handle]);
  return handle;
}
