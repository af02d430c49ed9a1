import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import { migrationsFolderFromEnv } from '@/lib/server/config/early';

// Arbitrary constant shared by every Parley process: serialises migrations across instances.
const MIGRATION_LOCK_ID = '7240112501';

/** The generated SQL lives in drizzle/ at the repo root; Next runs from there. */
export function defaultMigrationsFolder(): string {
  return migrationsFolderFromEnv();
}

/** PGlite is single-process by construction, so no lock is needed. Idempotent. */
export async function migratePglite(client: PGlite, migrationsFolder: string): Promise<void> {
  await migratePgliteDb(drizzlePglite({ client }), { migrationsFolder });
}

/**
 * Several instances may cold-start at once against one database (serverless), so everything
 * happens in ONE transaction holding a transaction-scoped advisory lock: the others wait, then
 * find nothing left to do. A session lock would not do: behind a transaction-mode pooler
 * (PgBouncer, Neon's pooled URL) the unlock may run on another server connection.
 * Same bookkeeping as drizzle's migrator (drizzle.__drizzle_migrations), so either can run.
 * Idempotent.
 */
export async function migratePostgres(url: string, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  // prepare: false: poolers in transaction mode refuse named prepared statements.
  const client = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  try {
    await client.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID}::bigint)`;
      await tx`create schema if not exists drizzle`;
      await tx`create table if not exists drizzle.__drizzle_migrations (
        id serial primary key, hash text not null, created_at bigint)`;
      const [last] = await tx<{ created_at: string | null }[]>`
        select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
      const appliedUpTo = last?.created_at == null ? -1 : Number(last.created_at);
      for (const migration of migrations) {
        if (migration.folderMillis <= appliedUpTo) continue;
        for (const statement of migration.sql) {
          if (statement.trim() !== '') await tx.unsafe(statement);
        }
        await tx`insert into drizzle.__drizzle_migrations (hash, created_at)
          values (${migration.hash}, ${migration.folderMillis})`;
      }
    });
  } finally {
    await client.end({ timeout: 5 });
  }
}

export interface MigrationStatus {
  /** Migrations in the journal shipped with this build. */
  expected: number;
  /** Rows in drizzle.__drizzle_migrations. */
  applied: number;
  /** Every migration of this build is in the database. */
  upToDate: boolean;
}

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** Compares the database's migration log with the journal (cheap: reads no SQL files). */
export async function migrationStatus(
  db: AnyDb,
  migrationsFolder: string,
): Promise<MigrationStatus> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const latest = Math.max(-1, ...journal.entries.map((entry) => entry.when));
  const result = await db.execute(sql`
    select count(*)::int as applied, coalesce(max(created_at), -1)::text as latest
    from drizzle.__drizzle_migrations`);
  // postgres-js returns the rows as an array; PGlite returns { rows }.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    applied: number;
    latest: string;
  }[];
  const row = rows[0];
  return {
    expected: journal.entries.length,
    applied: row?.applied ?? 0,
    upToDate: Number(row?.latest ?? -1) >= latest,
  };
}
