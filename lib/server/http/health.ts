import 'server-only';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/database';
import { defaultMigrationsFolder, migrationStatus } from '@/lib/server/db/migrate';
import { getProviderRegistry } from '@/lib/server/providers';
import { log } from '@/lib/server/log';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: {
    driver: 'postgres' | 'pglite';
    reachable: boolean;
    /** Every migration of this build is applied. */
    migrated: boolean;
    migrations?: { applied: number; expected: number };
  };
  /** Names only: URLs, keys and headers never leave the server. */
  providers: { name: string; kind: string }[];
}

// A server that does not answer (a black-holed host) is "down" for a health check: answer
// within usual load-balancer timeouts. PGlite is local: it is waited for while it opens.
const POSTGRES_TIMEOUT_MS = 8_000;

function withTimeout<T>(promise: Promise<T>, ms: number | null): Promise<T> {
  if (ms === null) return promise;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(): Promise<HealthReport['database']> {
  const driver = getConfig().databaseUrl ? 'postgres' : 'pglite';
  try {
    const status = await withTimeout(
      getDb().then((db) => migrationStatus(db, defaultMigrationsFolder())),
      driver === 'postgres' ? POSTGRES_TIMEOUT_MS : null,
    );
    return {
      driver,
      reachable: true,
      migrated: status.upToDate,
      migrations: { applied: status.applied, expected: status.expected },
    };
  } catch (error) {
    // The details (host names, driver messages) go to the log, not to an anonymous caller.
    log.error({ err: error }, 'health: the database is unreachable');
    return { driver, reachable: false, migrated: false };
  }
}

/** Is this instance able to serve: database reachable and migrated, providers configured. */
export async function healthReport(): Promise<HealthReport> {
  const database = await checkDatabase();
  const providers = getProviderRegistry().providers.map(({ name, kind }) => ({ name, kind }));
  const ok = database.reachable && database.migrated;
  return { status: ok ? 'ok' : 'unavailable', database, providers };
}
