// Test support for *.db.test.ts: a throwaway database per test file.
// - DATABASE_URL unset → PGlite in a fresh temp folder (removed afterwards).
// - DATABASE_URL set   → a fresh database `parley_test_<random>` on that server, dropped
//   afterwards. A whole database (not a schema) because the generated migrations refer to
//   "public" explicitly, and it is the one thing that isolates concurrent CI runs completely.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db, type DbHandle, type DbOptions } from '@/lib/server/db/client';
import { ensureUser } from '@/lib/server/db/repository';

export interface TestDatabase {
  driver: DbOptions['driver'];
  /** Options that open this same database again (after the previous handle is closed). */
  options: DbOptions;
  /** `extra` adds to the options (e.g. a statement counter). */
  open(extra?: Pick<DbOptions, 'onStatement'>): Promise<DbHandle>;
  /** Closes every handle opened through `open` and deletes the database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<TestDatabase> {
  const handles: DbHandle[] = [];
  const track = async (options: DbOptions) => {
    const handle = await createDb(options);
    handles.push(handle);
    return handle;
  };
  const closeAll = async () => {
    await Promise.all(handles.splice(0).map((h) => h.close()));
  };

  const adminUrl = env.DATABASE_URL?.trim();
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-pglite-'));
    const options: DbOptions = { driver: 'pglite', dataDir: dir };
    return {
      driver: 'pglite',
      options,
      open: (extra) => track({ ...options, ...extra }),
      destroy: async () => {
        await closeAll();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    await admin.end({ timeout: 5 });
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const options: DbOptions = { driver: 'postgres', url: url.toString(), maxConnections: 4 };
  return {
    driver: 'postgres',
    options,
    open: (extra) => track({ ...options, ...extra }),
    destroy: async () => {
      try {
        await closeAll();
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end({ timeout: 5 });
      }
    },
  };
}

/**
 * The one way a test file (or a describe block) gets a database: a throwaway one created before
 * its tests (`onOpen` receives its first handle) and dropped after them, however they ended.
 * The returned database is usable inside tests and hooks (to open a second handle, or read the
 * driver), not at import time.
 */
export function withTestDatabase(
  onOpen?: (handle: DbHandle) => void | Promise<void>,
  extra: Pick<DbOptions, 'onStatement'> = {},
): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    const handle = await current.open(extra);
    await onOpen?.(handle);
  });
  afterAll(async () => {
    await current?.destroy();
  });
  const get = (): TestDatabase => {
    if (!current) throw new Error('withTestDatabase(): the database exists from beforeAll on');
    return current;
  };
  return {
    get driver() {
      return get().driver;
    },
    get options() {
      return get().options;
    },
    open: (extra) => get().open(extra),
    destroy: () => get().destroy(),
  };
}

/** A new user row to own test data. */
export async function createTestUser(db: Db): Promise<string> {
  const id = crypto.randomUUID();
  await ensureUser(db, id);
  return id;
}
