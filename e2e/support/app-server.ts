// Starts the built app (the standalone server of .next-test) for integration tests of route handlers.
// The build must exist: `npm test` runs `next build` with NEXT_DIST_DIR=.next-test first.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_CONFIG_VARS, E2E_RATE_LIMITS, TEST_DIST_DIR } from './env';
import { freePort } from './free-port';
import { prepareStandalone } from './standalone.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const MAX_OUTPUT_CHARS = 1_000_000;

export interface StartAppOptions {
  /** App environment (OPENAI_BASE_URL, DATABASE_URL, PGLITE_DIR, ...). An undefined value unsets it. */
  env?: Record<string, string | undefined>;
  /** Default: a free port. */
  port?: number;
  /** Path polled until the server answers (any HTTP status). Default '/'. */
  readyPath?: string;
  /** Default 60 s. */
  timeoutMs?: number;
}

export interface AppServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  port: number;
  /** Process group id of the server (for CPU measurements). */
  pid: number;
  /** The PGlite folder, or null with DATABASE_URL. Removed by stop() only if startApp created it. */
  dataDir: string | null;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Stops the whole process group. `{ signal: 'SIGKILL' }` simulates a crash (no cleanup). */
  stop(options?: { signal?: NodeJS.Signals }): Promise<void>;
}

function childEnv(overrides: Record<string, string | undefined>, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_CONFIG_VARS) delete env[name];
  // Vitest sets NODE_ENV=test; the server must run as production.
  Reflect.deleteProperty(env, 'NODE_ENV');
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  Object.assign(env, {
    // Unless a test sets them: see E2E_RATE_LIMITS.
    ...E2E_RATE_LIMITS,
    NEXT_DIST_DIR: TEST_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
  });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || exited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`the server exited early (${child.signalCode ?? `code ${child.exitCode}`})`);
    }
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
      await res.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

export async function startApp(options: StartAppOptions = {}): Promise<AppServer> {
  if (!existsSync(join(ROOT, TEST_DIST_DIR, 'BUILD_ID'))) {
    throw new Error(
      `startApp: no production build in ${TEST_DIST_DIR}/. Run \`NEXT_DIST_DIR=${TEST_DIST_DIR} npx next build\` ` +
        '(npm test does this before the integration tests).',
    );
  }
  const overrides = options.env ?? {};
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;

  let ownedDataDir: string | null = null;
  if (!overrides.DATABASE_URL && !overrides.PGLITE_DIR) {
    ownedDataDir = await mkdtemp(join(tmpdir(), 'parley-app-data-'));
  }
  const env = childEnv(ownedDataDir ? { ...overrides, PGLITE_DIR: ownedDataDir } : overrides, port);

  const server = prepareStandalone(TEST_DIST_DIR);
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('error', (error) => collect(Buffer.from(`spawn error: ${error.message}\n`)));

  const stop = async ({ signal = 'SIGTERM' }: { signal?: NodeJS.Signals } = {}) => {
    killGroup(child, signal);
    const forced = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await closed;
    clearTimeout(forced);
    if (ownedDataDir) await rm(ownedDataDir, { recursive: true, force: true });
  };

  try {
    await waitForHttp(`${url}${options.readyPath ?? '/'}`, child, options.timeoutMs ?? 60_000);
  } catch (error) {
    await stop({ signal: 'SIGKILL' });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`startApp failed: ${reason}\n--- server output ---\n${output}`);
  }

  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir: ownedDataDir ?? overrides.PGLITE_DIR ?? null,
    output: () => output,
    stop,
  };
}

/**
 * Starts the server and sends it no request at all, for configurations it must refuse: resolves
 * with its exit code and output once it exits, or rejects if it is still running after timeoutMs.
 */
export async function runAppUntilExit(
  overrides: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const env = childEnv(overrides, await freePort());
  const child = spawn(process.execPath, [prepareStandalone(TEST_DIST_DIR)], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(new Error(`the server was still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
