import 'server-only';
import { getDbHandle } from '@/lib/server/db/database';
import type { DbHandle } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';

// One LISTEN per process on `parley_live` (see drizzle/0006_live_generations.sql), fanned out to
// in-process waiters by payload (`stop:<id>`, `events:<id>`, `finished:<id>`). Notifications only
// wake waiters early: every waiter also polls, so a lost notification costs latency, never state.

type Waiter = () => void;

interface Bus {
  /** True when notifications arrive; false means callers must poll briskly. */
  listening: boolean;
  waiters: Map<string, Set<Waiter>>;
}

const KEY = Symbol.for('parley.liveBus');
type WithBus = typeof globalThis & { [KEY]?: Promise<Bus> };

async function connect(source?: Pick<DbHandle, 'listen'>): Promise<Bus> {
  const bus: Bus = { listening: false, waiters: new Map() };
  const handle = source ?? (await getDbHandle());
  if (!handle.listen) return bus;
  try {
    await handle.listen('parley_live', (payload) => {
      for (const wake of bus.waiters.get(payload) ?? []) wake();
    });
    bus.listening = true;
  } catch (error) {
    log.warn({ err: error }, 'LISTEN is unavailable; live answers fall back to polling');
  }
  return bus;
}

function bus(): Promise<Bus> {
  const g = globalThis as WithBus;
  if (!g[KEY]) {
    const pending = connect();
    g[KEY] = pending;
    pending.catch(() => {
      if (g[KEY] === pending) delete g[KEY];
    });
  }
  return g[KEY];
}

/** Points the bus at a database other than the process-wide one (tests). */
export function attachBus(source: Pick<DbHandle, 'listen'>): Promise<void> {
  const pending = connect(source);
  (globalThis as WithBus)[KEY] = pending;
  return pending.then(() => {});
}

/** Whether this process receives notifications (decides how often it polls). */
export async function isListening(): Promise<boolean> {
  return (await bus().catch(() => null))?.listening ?? false;
}

/** Calls `fn` on every notification with this payload until the returned function is called. */
export async function subscribe(payload: string, fn: Waiter): Promise<() => void> {
  const b = await bus().catch(() => null);
  if (!b) return () => {};
  let set = b.waiters.get(payload);
  if (!set) {
    set = new Set();
    b.waiters.set(payload, set);
  }
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && b.waiters.get(payload) === set) b.waiters.delete(payload);
  };
}

/**
 * Resolves on the next notification with one of these payloads, after `ms`, or when `signal`
 * aborts, whichever comes first.
 */
export async function waitFor(
  payloads: string | string[],
  ms: number,
  signal?: AbortSignal,
): Promise<void> {
  let unsubscribe = () => {};
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  const woken = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
    const list = Array.isArray(payloads) ? payloads : [payloads];
    void Promise.all(list.map((p) => subscribe(p, resolve))).then((offs) => {
      const off = () => {
        for (const o of offs) o();
      };
      if (settled) off();
      else unsubscribe = off;
    });
  });
  try {
    await woken;
  } finally {
    settled = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
