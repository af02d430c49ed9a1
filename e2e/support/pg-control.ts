// Stops and starts the real PostgreSQL that .ci/start-postgres.sh made (PG_BASE), for tests of
// what the app does while its database is away. Asynchronous on purpose: the test keeps reading
// its streams while the server goes down and comes back.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgControl {
  /** Fast shutdown: every connection is closed at once, as when the server goes down. */
  stop(): Promise<void>;
  /** Starts it again with the options it was started with. */
  start(): Promise<void>;
  restart(): Promise<void>;
}

/** null when PG_BASE is not a folder made by start-postgres.sh. */
export function pgControl(base = process.env.PG_BASE): PgControl | null {
  if (!base || !existsSync(join(base, 'data', 'PG_VERSION')) || !existsSync(join(base, 'bindir')))
    return null;
  const pgCtl = join(readFileSync(join(base, 'bindir'), 'utf8').trim(), 'pg_ctl');
  const data = join(base, 'data');
  // `pg_ctl start` forgets the command-line options start-postgres.sh gave (port, socket
  // folder...); postmaster.opts records them, quoted: `postgres "-D" "dir" "-c" "port=…"`.
  const optsFile = join(data, 'postmaster.opts');
  const options = () => {
    const quoted = [...readFileSync(optsFile, 'utf8').matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    const args: string[] = [];
    for (let i = 0; i < quoted.length; i++) {
      if (quoted[i] === '-D') i++;
      else args.push(quoted[i] ?? '');
    }
    return args.join(' ');
  };
  const saved = options();
  const pg = (args: string[]) =>
    process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', pgCtl, ...args])
      : run(pgCtl, args);
  return {
    stop: async () => {
      await pg(['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    },
    start: async () => {
      const log = join(base, 'postgres.log');
      await pg(['-D', data, '-l', log, '-o', saved, '-w', '-t', '60', 'start']);
    },
    // Not `pg_ctl restart`: it takes no log file, so the server would keep pg_ctl's output
    // pipe open and this call would never return.
    async restart() {
      await this.stop();
      await this.start();
    },
  };
}
