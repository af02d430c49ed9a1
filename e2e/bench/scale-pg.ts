// The PostgreSQL of the scale bench: a throwaway server with pg_stat_statements (to count the
// write statements the app sends), and the CPU time of its processes, read from /proc.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { onInterrupt, ROOT } from './proc';

const TICK_MS = 1000 / 100; // USER_HZ on Linux

export interface ScaleDatabase {
  url: string;
  sql: postgres.Sql;
  /** CPU time (ms) of the server's processes so far, ended backends included. */
  cpuMs(): number;
  /** Zeroes the statement counters. */
  resetStatements(): Promise<void>;
  /** Statements that write (insert, update, delete, or a WITH holding one) since the reset. */
  writeStatements(): Promise<{ calls: number; byQuery: { calls: number; query: string }[] }>;
  /** Committed transactions of the database so far (pg_stat_database). */
  commits(): Promise<number>;
}

/** Fields after the command name of /proc/PID/stat (the name may hold spaces). */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The postmaster and every process under it; ended children count through its cutime. */
export function treeCpuMs(rootPid: number): number {
  const children = new Map<string, string[]>();
  const fields = new Map<string, string[]>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const f = statFields(pid);
    if (!f) continue;
    fields.set(pid, f);
    const parent = f[1] ?? '';
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let ticks = 0;
  const visit = (pid: string, root: boolean) => {
    const f = fields.get(pid);
    if (!f) return;
    ticks += Number(f[11]) + Number(f[12]); // utime + stime
    if (root) ticks += Number(f[13]) + Number(f[14]); // cutime + cstime: reaped backends
    for (const child of children.get(pid) ?? []) visit(child, false);
  };
  visit(String(rootPid), true);
  return ticks * TICK_MS;
}

const WRITES = String.raw`^\s*(insert|update|delete|with[\s\S]*\m(insert|update|delete)\M)`;

export async function withScaleDatabase<T>(fn: (db: ScaleDatabase) => Promise<T>): Promise<T> {
  const out = execFileSync('bash', ['.ci/start-postgres.sh'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      PG_MAX_CONNECTIONS: '200',
      PG_EXTRA_OPTS:
        '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=1000',
    },
  });
  let base: string | null = /^PG_BASE=(.+)$/m.exec(out)?.[1] ?? null;
  const url = /^DATABASE_URL=(.+)$/m.exec(out)?.[1];
  if (!base || !url) throw new Error(`start-postgres.sh printed: ${out}`);
  const stop = () => {
    if (base) execFileSync('bash', ['.ci/stop-postgres.sh', base], { cwd: ROOT, stdio: 'ignore' });
    base = null;
  };
  const forget = onInterrupt(stop);
  const postmaster = Number(readFileSync(join(base, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`create extension if not exists pg_stat_statements`;
    return await fn({
      url,
      sql,
      cpuMs: () => treeCpuMs(postmaster),
      resetStatements: async () => {
        await sql`select pg_stat_statements_reset()`;
      },
      writeStatements: async () => {
        const rows = await sql<{ calls: string; query: string }[]>`
          select s.calls::text as calls, s.query from pg_stat_statements s
          join pg_database d on d.oid = s.dbid
          where d.datname = current_database() and s.query ~* ${WRITES}
          order by s.calls desc`;
        const byQuery = rows.map((r) => ({ calls: Number(r.calls), query: r.query }));
        return { calls: byQuery.reduce((sum, r) => sum + r.calls, 0), byQuery };
      },
      commits: async () => {
        const [row] = await sql<{ n: string }[]>`
          select xact_commit::text as n from pg_stat_database where datname = current_database()`;
        return Number(row?.n ?? 0);
      },
    });
  } finally {
    await sql.end({ timeout: 5 });
    forget();
    stop();
  }
}
