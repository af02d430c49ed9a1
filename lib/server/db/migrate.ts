import 'server-only';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgresDb } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

// Arbitrary constant shared by every Parley process: serialises migrations across instances.
const MIGRATION_LOCK_ID = '7240112501';

/** The generated SQL lives in drizzle/ at the repo root; Next runs from there. */
export function defaultMigrationsFolder(): string {
  const override = process.env.MIGRATIONS_DIR;
  return override ? path.resolve(override) : path.join(process.cwd(), 'drizzle');
}

/** PGlite is single-process by construction, so no lock is needed. Idempotent. */
export async function migratePglite(client: PGlite, migrationsFolder: string): Promise<void> {
  await migratePgliteDb(drizzlePglite({ client }), { migrationsFolder });
}

/**
 * Several server instances may boot at once against one database (serverless), so the
 * migrator runs under a session advisory lock on its own single connection. Idempotent.
 */
export async function migratePostgres(url: string, migrationsFolder: string): Promise<void> {
  const client = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID}::bigint)`;
    try {
      await migratePostgresDb(drizzlePostgres({ client }), { migrationsFolder });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID}::bigint)`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
