import 'server-only';
import { type Config, getConfig } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { getAttachmentStorage } from '@/lib/server/db/objects';
import { createDb, type Db, type DbHandle, type DbOptions } from '@/lib/server/db/client';

// The process-wide database, opened from the validated config on first use. Storage
// (lib/server/db) knows nothing of the config; this is where the two meet.

export function dbOptionsFromConfig(config: Config): DbOptions {
  return config.databaseUrl
    ? {
        driver: 'postgres',
        url: config.databaseUrl,
        maxConnections: config.databasePoolMax,
        listen: config.databaseListen,
      }
    : { driver: 'pglite', dataDir: config.pgliteDir };
}

// Kept on globalThis so Next dev's module reloads reuse the open database: a second PGlite
// instance on the same folder would corrupt it.
const GLOBAL_KEY = Symbol.for('parley.db');
type DbGlobal = { [GLOBAL_KEY]?: Promise<DbHandle> };
const store = globalThis as typeof globalThis & DbGlobal;

/** The process-wide database, opened and migrated on first use. */
export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

/** The process-wide database handle (for `listen`). */
export function getDbHandle(): Promise<DbHandle> {
  let pending = store[GLOBAL_KEY];
  if (!pending) {
    pending = createDb({
      ...dbOptionsFromConfig(getConfig()),
      onWarning: (message, error) => log.warn({ err: error }, message),
      onDeletedObjects: (keys) => getAttachmentStorage().discard(keys),
    });
    store[GLOBAL_KEY] = pending;
    // A failed start (e.g. Postgres still booting) must not poison the process forever.
    pending.catch(() => {
      if (store[GLOBAL_KEY] === pending) delete store[GLOBAL_KEY];
    });
  }
  return pending;
}

/** Closes the process-wide database (tests, graceful shutdown). The next getDb() reopens. */
export async function closeDb(): Promise<void> {
  const pending = store[GLOBAL_KEY];
  delete store[GLOBAL_KEY];
  if (!pending) return;
  const handle = await pending.catch(() => null);
  await handle?.close();
}
