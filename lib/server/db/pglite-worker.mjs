// The embedded database (PGlite) in a worker thread: its WebAssembly runs here, so a statement
// never holds up the thread that answers requests and streams answers. The other end is
// lib/server/db/pglite-thread.ts. Plain JavaScript because the tests load this file by path; a
// production build bundles it as a worker entry of its own (Turbopack follows `new Worker`).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {{ dataDir: string | null }} */
const { dataDir } = workerData;
// pg_trgm backs search over text without spaces (drizzle/0003_history.sql creates it).
const extensions = { pg_trgm };
const pg = dataDir === null ? new PGlite({ extensions }) : new PGlite(dataDir, { extensions });

/** Open transactions by id: PGlite's handle, and how to end it (resolves when it has ended). */
const transactions = new Map();
/** LISTEN subscriptions by the id the other end chose. */
const listeners = new Map();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');

const keepText = (value) => value;

/** Types named in `textTypes` come back as PostgreSQL's text (what drizzle's parsers ask for). */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = {};
  for (const type of options.textTypes ?? []) parsers[type] = keepText;
  return { rowMode: options.rowMode, parsers };
}

function target(transaction) {
  if (transaction === undefined) return pg;
  const open = transactions.get(transaction);
  if (!open) throw new Error('the transaction has already ended');
  return open.tx;
}

const results = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** Starts a transaction that stays open until `end` says to commit or roll it back. */
function begin() {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
    let decide;
    const decision = new Promise((resolve) => {
      decide = resolve;
    });
    const ended = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, end });
        started(id);
        if (!(await decision)) throw ROLLBACK;
      })
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    function end(commit) {
      decide(commit);
      return ended;
    }
    // BEGIN itself failed: nothing was started. Later failures reach `end`'s caller.
    ended.catch(failed);
  });
}

const operations = {
  open: async () => {
    await pg.waitReady;
    return null;
  },
  query: async ({ sql, params, options, transaction }) =>
    results(await target(transaction).query(sql, params, queryOptions(options))),
  exec: async ({ sql, transaction }) => (await target(transaction).exec(sql)).map(results),
  begin,
  end: async ({ transaction, commit }) => {
    const open = transactions.get(transaction);
    if (open) await open.end(commit);
    return null;
  },
  listen: async ({ channel, listener }) => {
    const unlisten = await pg.listen(channel, (payload) =>
      parentPort.postMessage({ listener, payload }),
    );
    listeners.set(listener, unlisten);
    return null;
  },
  unlisten: async ({ listener }) => {
    const unlisten = listeners.get(listener);
    listeners.delete(listener);
    if (unlisten && !pg.closed) await unlisten();
    return null;
  },
  close: async () => {
    if (!pg.closed) await pg.close();
    return null;
  },
};

/** What crosses back of an error: its message and PostgreSQL's fields (code, detail, …). */
function errorFields(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return fields;
}

parentPort.on('message', async (message) => {
  try {
    const value = await operations[message.op](message);
    parentPort.postMessage({ id: message.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: errorFields(error) });
  }
});
