// A real PostgreSQL for the PostgreSQL rows: DATABASE_URL when set, else a throwaway server from
// .ci/start-postgres.sh, stopped again afterwards (also on Ctrl-C). Each run gets a new database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { onInterrupt, ROOT } from './proc';

export async function withBenchDatabase<T>(fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  let base: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const out = execFileSync('bash', ['.ci/start-postgres.sh'], { cwd: ROOT, encoding: 'utf8' });
    base = /^PG_BASE=(.+)$/m.exec(out)?.[1] ?? null;
    adminUrl = /^DATABASE_URL=(.+)$/m.exec(out)?.[1];
    if (!base || !adminUrl) throw new Error(`start-postgres.sh printed: ${out}`);
  }
  const stop = () => {
    if (base) execFileSync('bash', ['.ci/stop-postgres.sh', base], { cwd: ROOT, stdio: 'ignore' });
    base = null;
  };
  const forget = onInterrupt(stop);
  try {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const name = `parley_bench_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      return await fn(url.toString());
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  } finally {
    forget();
    stop();
  }
}
