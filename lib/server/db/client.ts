import 'server-only';
import { mkdir } from 'node:fs/promises';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '@/lib/db/schema';
import { defaultMigrationsFolder, migratePglite, migratePostgres } from '@/lib/server/db/migrate';
import {
  DELETED_RETENTION_MS,
  purgeAttachmentsOfDeleted,
  purgeDeletedConversations,
  purgePendingAttachments,
  purgeRateLimits,
} from '@/lib/server/db/repository';
import type { Db } from '@/lib/server/db/types';
import { openPgliteThread } from './pglite-thread';

// Opening a database. The process-wide one, opened from the config, is lib/server/db/database.ts.

export type { Db } from '@/lib/server/db/types';

export type DbOptions = (
  | {
      driver: 'pglite';
      /** A folder (created if missing), or null for a throwaway in-memory database. */
      dataDir: string | null;
    }
  | {
      driver: 'postgres';
      url: string;
      /** Pool size of this instance (DATABASE_POOL_MAX). Default 5. */
      maxConnections?: number;
      /** false: never LISTEN, poll instead (DATABASE_LISTEN=off). Default true. */
      listen?: boolean;
    }
) & {
  /** Defaults to MIGRATIONS_DIR or <cwd>/drizzle. */
  migrationsFolder?: string;
  /** Told about clean-up that failed (never fatal); the server passes its logger. */
  onWarning?: (message: string, error: unknown) => void;
  /** Given the bucket keys of attachment rows the clean-up deleted (S3 storage). */
  onDeletedObjects?: (keys: string[]) => Promise<void>;
  /** Told the SQL of every statement as it is sent (tests count the round trips of a turn). */
  onStatement?: (sql: string) => void;
};

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface DbHandle {
  db: Db;
  driver: DbOptions['driver'];
  /**
   * LISTEN on a channel, where the connection allows it (PGlite, or PostgreSQL over a direct
   * connection); absent behind a transaction-mode pooler, where callers poll instead.
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;
  close(): Promise<void>;
}

/**
 * Opens a database and applies pending migrations. No start-up recovery: other instances may be
 * writing answers right now; an abandoned answer is settled when its lease expires
 * (settleLostGenerations).
 */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  const handle = await open(options, migrationsFolder);
  // Opportunistic clean-up of conversations deleted more than 30 days ago; never fatal.
  const warn = options.onWarning ?? (() => {});
  // Attachment rows go first, explicitly: a cascade would not say which bucket objects to delete.
  const before = new Date(Date.now() - DELETED_RETENTION_MS);
  const keys = await Promise.all([
    purgeAttachmentsOfDeleted(handle.db, before),
    purgePendingAttachments(handle.db),
  ]).catch((error) => {
    warn('purging attachments failed', error);
    return [];
  });
  await options.onDeletedObjects?.(keys.flat());
  await purgeDeletedConversations(handle.db, { before }).catch((error) =>
    warn('purging deleted conversations failed', error),
  );
  await purgeRateLimits(handle.db, new Date(Date.now() - 24 * 60 * 60 * 1000)).catch((error) =>
    warn('purging rate limit counters failed', error),
  );
  return handle;
}

async function open(options: DbOptions, migrationsFolder: string): Promise<DbHandle> {
  if (options.driver === 'postgres') {
    await migratePostgres(options.url, migrationsFolder);
    const client = postgres(options.url, {
      // Small per instance: a serverless deployment runs many instances against one database.
      max: options.maxConnections ?? 5,
      // Transaction-mode poolers (PgBouncer, Neon's pooled URL, Supabase) refuse named prepared
      // statements, so none are used, pooled URL or not.
      prepare: false,
      // Give idle connections back: a frozen or idle instance should not hold pooler slots.
      idle_timeout: 20,
      connect_timeout: 10,
      onnotice: () => {},
    });
    return {
      db: drizzlePostgres({ client, schema, logger: statementLogger(options) }),
      driver: 'postgres',
      ...(options.listen !== false && listenable(options.url)
        ? {
            listen: async (channel: string, onPayload: (payload: string) => void) => {
              const { unlisten } = await client.listen(channel, onPayload);
              return unlisten;
            },
          }
        : {}),
      close: () => client.end({ timeout: 5 }),
    };
  }

  if (options.dataDir !== null) await mkdir(options.dataDir, { recursive: true });
  // In a worker thread (pglite-thread.ts): its WebAssembly never holds up a request.
  const client = await openPgliteThread(options.dataDir);
  try {
    await migratePglite(client.asPglite, migrationsFolder);
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: drizzlePglite({ client: client.asPglite, schema, logger: statementLogger(options) }),
    driver: 'pglite',
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

function statementLogger(options: DbOptions): Logger | undefined {
  const { onStatement } = options;
  return onStatement ? { logQuery: (sql) => onStatement(sql) } : undefined;
}

/**
 * LISTEN needs a session of its own; a transaction-mode pooler (PgBouncer, Neon's `-pooler`
 * host, Supabase's port 6543) hands each statement to any server connection, so notifications
 * would never arrive. DATABASE_LISTEN=off (the `listen` option) covers poolers this cannot
 * recognise.
 */
export function listenable(url: string): boolean {
  try {
    const parsed = new URL(url);
    return !(
      parsed.hostname.includes('-pooler') ||
      parsed.port === '6543' ||
      parsed.searchParams.get('pgbouncer') === 'true'
    );
  } catch {
    return false;
  }
}
