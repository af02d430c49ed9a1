// Processes and streams for the benchmarks: the test build, the mock upstream as its own process,
// CPU time of a process group from /proc, and timing a streamed response.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppServer, startApp } from '../support/app-server';
import { TEST_DIST_DIR } from '../support/env';
import { freePort } from '../support/free-port';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TICK_MS = 1000 / 100; // USER_HZ on Linux

/** Newest modification time (ms) of the app's sources: what the build is made from. */
function newestSourceMs(): number {
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const top of [
    'app',
    'components',
    'lib',
    'public',
    'next.config.mjs',
    'package-lock.json',
  ]) {
    visit(join(ROOT, top));
  }
  return newest;
}

/**
 * Builds the production test build (.next-test, or PARLEY_TEST_DIST_DIR) when it is missing or
 * when `force` is set, as `npm test` would; warns when the sources are newer than the build.
 */
export function ensureTestBuild(force = false): void {
  const buildId = join(ROOT, TEST_DIST_DIR, 'BUILD_ID');
  if (!force && existsSync(buildId)) {
    if (newestSourceMs() > statSync(buildId).mtimeMs) {
      console.warn(
        `bench: the sources changed after the ${TEST_DIST_DIR} build: these numbers are the old ` +
          'code. Rebuild with `npm run bench -- --build` (or BENCH_BUILD=1).',
      );
    }
    return;
  }
  console.log(`Building ${TEST_DIST_DIR}…`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-build-'));
  const built = spawnSync(join(ROOT, 'node_modules/.bin/next'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      NEXT_DIST_DIR: TEST_DIST_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
      // As npm test builds: a private PGlite folder in case the build touches the database.
      PGLITE_DIR: dataDir,
    },
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (built.status !== 0) throw new Error(`next build into ${TEST_DIST_DIR} failed`);
}

/**
 * CPU time (ms) a thread has run, from its schedstat (nanoseconds), or null where the kernel
 * keeps none. `stat`'s utime and stime count 10 ms ticks: too coarse for a 40 ms budget.
 */
function taskCpuMs(pid: string, tid: string): number | null {
  try {
    const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

/** utime + stime of a `stat` line's fields after the command (10 ms ticks), in ms. */
const ticksMs = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) * TICK_MS;

/** A process's CPU time (ms): its threads' schedstat, else its stat's ticks. */
function processCpuMs(pid: string, stat: string[]): number {
  const main = taskCpuMs(pid, pid);
  if (main === null) return ticksMs(stat);
  // A thread that ended between two readings drops out of the sum; a Node server's threads
  // (the embedded database's worker, V8's and libuv's pools) live as long as it does.
  let total = main;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (tid !== pid) total += taskCpuMs(pid, tid) ?? 0;
  }
  return total;
}

/** CPU time (ms) used so far by every process in a process group, from /proc. */
export function groupCpuMs(pgid: number): number {
  let ms = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue; // pgrp
      ms += processCpuMs(entry, fields);
    } catch {
      // The process ended while we looked.
    }
  }
  return ms;
}

/**
 * CPU time (ms) of a process's main thread alone (the thread that answers requests), from /proc:
 * work moved to worker threads (the embedded database, the PDF reader) is not counted.
 */
export function mainThreadCpuMs(pid: number): number {
  const precise = taskCpuMs(String(pid), String(pid));
  if (precise !== null) return precise;
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  return ticksMs(stat.slice(stat.lastIndexOf(')') + 2).split(' '));
}

export interface MockProcess {
  /** `http://127.0.0.1:PORT/v1` */
  url: string;
  /** Process group id (the mock is started detached). */
  pid: number;
  child: ChildProcess;
  stop(): void;
}

/** The mock upstream in a process of its own, so its CPU time is not the harness's. */
export async function startMock(): Promise<MockProcess> {
  const port = await freePort();
  const child = spawn(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['e2e/mock-upstream/main.ts', '--port', String(port)],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /MOCK_UPSTREAM_URL=(\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error(`mock exited: ${out}`)));
  });
  const pid = child.pid ?? 0;
  const kill = () => {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  const forget = onInterrupt(kill);
  const stop = () => {
    forget();
    kill();
  };
  return { url, pid, child, stop };
}

export interface StreamTiming {
  /** ms from the request to the first byte of the body. */
  firstByte: number;
  /** ms from the request to the first byte that contains `marker` (the answer's first token). */
  firstToken: number;
  /** ms from the request to the end of the body. */
  total: number;
}

/** Reads a streamed response to its end, timing the first byte, the first token and the end. */
export async function timeStream(
  res: Response,
  t0: number,
  marker: string | RegExp,
): Promise<StreamTiming> {
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let firstByte = Number.NaN;
  let firstToken = Number.NaN;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const now = performance.now();
    if (Number.isNaN(firstByte)) firstByte = now - t0;
    if (Number.isNaN(firstToken)) {
      text += decoder.decode(value, { stream: true });
      const found = typeof marker === 'string' ? text.includes(marker) : marker.test(text);
      if (found) firstToken = now - t0;
    }
  }
  return { firstByte, firstToken, total: performance.now() - t0 };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const interruptCleanups = new Set<() => void>();

/**
 * Runs `cleanup` (synchronous) if the bench is interrupted (Ctrl-C, SIGTERM) before the returned
 * function is called: servers and the database must not outlive the bench.
 */
export function onInterrupt(cleanup: () => void): () => void {
  interruptCleanups.add(cleanup);
  return () => interruptCleanups.delete(cleanup);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const cleanup of interruptCleanups) {
      try {
        cleanup();
      } catch {
        // Clean up the rest anyway.
      }
    }
    process.exit(130);
  });
}

/** The production test build with the given environment, killed too if the bench is interrupted. */
export async function startBenchApp(env: Record<string, string | undefined>): Promise<AppServer> {
  const app = await startApp({ env });
  const forget = onInterrupt(() => {
    try {
      process.kill(-app.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return {
    ...app,
    stop: async (options) => {
      forget();
      await app.stop(options);
    },
  };
}
