// A throwaway PgBouncer in transaction mode (the mode of Neon's pooled URL and most hosted
// poolers) in front of a test PostgreSQL. Debian's pgbouncer (1.18) cannot keep named prepared
// statements in this mode, so a client that prepares them fails here as it would in production.
// .ci/run installs it; elsewhere: apt-get install pgbouncer.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const BINARY = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** The PostgreSQL URL `target` reached through the pooler, for database `name`. */
  url(name: string): string;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `target`: a trust-auth URL such as the one .ci/start-postgres.sh prints. */
export async function startPgBouncer(target: string): Promise<PgBouncer> {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} not found: apt-get install pgbouncer (.ci/run installs it)`);
  }
  const server = new URL(target);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'parley-pgbouncer-'));
  await chmod(dir, 0o777);
  const config = join(dir, 'pgbouncer.ini');
  await writeFile(join(dir, 'users.txt'), `"${user}" ""\n`);
  await writeFile(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 10',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root.
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', BINARY, config], { stdio: 'ignore' })
    : spawn(BINARY, [config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not start on 127.0.0.1:${port} (log in ${dir})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (name) => {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: async () => {
      // runuser passes SIGTERM on to pgbouncer; SIGINT would wait for clients to leave.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
