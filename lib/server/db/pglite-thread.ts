import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

// The embedded database runs in a worker thread (pglite-worker.mjs): PGlite is PostgreSQL
// compiled to WebAssembly, and on the thread that answers requests every statement (a search
// index filled for a long answer takes milliseconds) would hold up every stream being answered.
// This is its client: the part of PGlite's interface that drizzle and Parley use, each call a
// message to the worker and back.

/** What a statement is run on: the database, or one open transaction. */
export interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

export interface PgliteThread extends PgliteQueryable {
  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
  /** For drizzle's PGlite driver, which calls only `query` and `transaction`. */
  readonly asPglite: PGlite;
}

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields };
type Notification = { listener: number; payload: string };
type ErrorFields = { message: string; name?: string } & Record<string, unknown>;

/** Plain JavaScript loaded by path in tests; Turbopack bundles it as a worker entry. */
function workerFile(): string {
  return path.join(process.cwd(), 'lib', 'server', 'db', 'pglite-worker.mjs');
}

/** PostgreSQL's fields (code, detail, constraint…) on an Error thrown where the call was made. */
function errorOf(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (name) error.name = name;
  return error;
}

// drizzle's parsers keep dates, intervals and numeric arrays as PostgreSQL's text. Functions
// cannot cross to the worker, so only that kind of parser may: the worker keeps those types as
// text itself.
function crossingOptions(options?: QueryOptions) {
  if (!options) return undefined;
  const textTypes = Object.entries(options.parsers ?? {}).map(([type, parse]) => {
    if (parse('1999-01-08 04:05:06') !== '1999-01-08 04:05:06') {
      throw new Error(`only parsers that keep the text can be used with PGlite (type ${type})`);
    }
    return Number(type);
  });
  return { rowMode: options.rowMode, textTypes };
}

/** Starts the worker and opens the database in it (a folder, or null for one in memory). */
export async function openPgliteThread(dataDir: string | null): Promise<PgliteThread> {
  const worker = new Worker(workerFile(), { workerData: { dataDir } });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  const listeners = new Map<number, (payload: string) => void>();
  let lastId = 0;
  let stopped: Error | null = null;
  let closed = false;

  // The worker keeps the process alive only while a call waits for it (a script that has
  // finished must be able to exit; a server is kept alive by its listening socket anyway).
  worker.unref();
  const fail = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', (error) => fail(new Error('the embedded database stopped', { cause: error })));
  worker.on('exit', (code) => fail(new Error(`the embedded database stopped (exit code ${code})`)));
  worker.on('message', (message: Reply | Notification) => {
    if ('listener' in message) {
      listeners.get(message.listener)?.(message.payload);
      return;
    }
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) call.resolve(message.value);
    else call.reject(errorOf(message.error));
  });

  const call = <T>(op: string, input: Record<string, unknown> = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++lastId;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...input, op, id });
    });

  const queryable = (transaction?: number): PgliteQueryable => ({
    query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      call<Results<T>>('query', { sql, params, options: crossingOptions(options), transaction }),
    exec: (sql: string) => call<Array<Results>>('exec', { sql, transaction }),
  });

  const thread: PgliteThread = {
    ...queryable(),
    async transaction(fn) {
      const transaction = await call<number>('begin');
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(queryable(transaction));
      } catch (error) {
        await call('end', { transaction, commit: false }).catch(() => {});
        throw error;
      }
      await call('end', { transaction, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      const listener = ++lastId;
      listeners.set(listener, onPayload);
      await call('listen', { channel, listener });
      return async () => {
        listeners.delete(listener);
        if (!closed) await call('unlisten', { listener });
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await call('close').catch(() => {});
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
    get asPglite() {
      return thread as unknown as PGlite;
    },
  };

  try {
    await call('open');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return thread;
}
