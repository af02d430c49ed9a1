import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder, migratePostgres, migrationStatus } from '@/lib/server/db/migrate';
import type { Db } from '@/lib/server/db/client';
import { withTestDatabase } from '@/lib/server/db/testing';

const folder = defaultMigrationsFolder();
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number }[];
};

describe('migrationStatus', () => {
  let db: Db;
  // Opening (and migrating) a fresh database is the slow part: a hook has the longer timeout.
  withTestDatabase(async (opened) => {
    db = opened.db;
  });

  it('reports a migrated database as up to date with every journal entry applied', async () => {
    expect(await migrationStatus(db, folder)).toEqual({
      expected: journal.entries.length,
      applied: journal.entries.length,
      upToDate: true,
    });
  });
});

// Concurrent cold starts only exist with a shared server: PGlite is one process by design.
const adminUrl = process.env.DATABASE_URL?.trim();

describe.skipIf(!adminUrl)('migratePostgres on a real PostgreSQL', () => {
  const name = `parley_migrate_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let url: string;

  beforeAll(async () => {
    admin = postgres(adminUrl as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const parsed = new URL(adminUrl as string);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end({ timeout: 5 });
  });

  it('applies the schema exactly once when several instances start at the same moment', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => migratePostgres(url, folder)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const db = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
    try {
      const rows = await db<{ created_at: string }[]>`
        select created_at from drizzle.__drizzle_migrations order by id`;
      expect(rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
      const [tables] = await db<{ n: number }[]>`
        select count(*)::int as n from information_schema.tables
        where table_schema = 'public' and table_name in ('users', 'conversations', 'messages')`;
      expect(tables?.n).toBe(3);
      // A later start finds nothing to do and changes nothing.
      await migratePostgres(url, folder);
      const [again] = await db<{ n: number }[]>`
        select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(again?.n).toBe(journal.entries.length);
    } finally {
      await db.end({ timeout: 5 });
    }
  });
});
