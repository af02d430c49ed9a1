// `npm run bench -- --only scale` (not in the default run): 4 production instances of the app on
// one PostgreSQL, and a load driver on loopback running SCALE_STREAMS (200) concurrent answers at
// SCALE_RATE (20) tokens/s, each started on one instance and resumed mid-way on the next one.
// Every answer must arrive complete and identical to what the mock sent. Prints p50/p99 first
// token, PostgreSQL write statements per second per live stream (pg_stat_statements), the CPU of
// PostgreSQL's processes and of the app instances per stream.
import { guestCookie } from './bench-live';
import { groupCpuMs, type MockProcess, sleep, startBenchApp } from './proc';
import { finite, type Row } from './report';
import { runStream, type StreamResult } from './scale-stream';
import { type ScaleDatabase, withScaleDatabase } from './scale-pg';

const INSTANCES = 4;

export interface ScaleOptions {
  streams: number;
  /** Connections per instance (DATABASE_POOL_MAX). */
  pool: number;
  /** Streams start evenly over this time. */
  rampMs: number;
  rate: number;
  tokens: number;
}

/** How busy a database server is planned to run: headroom for bursts, vacuum and checkpoints. */
export const DB_BUSY = 0.7;

/**
 * Live streams one 4-vCPU PostgreSQL would carry, extrapolated linearly from this run's CPU per
 * live stream-second (its statements grow with the streams; nothing is shared between them):
 * 4 cores × DB_BUSY × 1,000 ms / (ms per stream-second), rounded down to a hundred.
 */
export function carriedStreams(msPerStreamSecond: number | null, vcpus = 4): number | null {
  if (msPerStreamSecond === null || !(msPerStreamSecond > 0)) return null;
  return Math.floor((vcpus * DB_BUSY * 1000) / msPerStreamSecond / 100) * 100;
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const rank = Math.min(xs.length, Math.max(1, Math.ceil((p / 100) * xs.length)));
  return xs[rank - 1] as number;
}

async function cookies(urls: string[], count: number): Promise<string[]> {
  const out: string[] = [];
  // A guest per stream, made 8 at a time: a page load each (API responses set no cookie).
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) =>
      guestCookie(urls[(i + j) % urls.length] as string),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

interface Measured {
  results: StreamResult[];
  seconds: number;
  appCpuMs: number;
  pgCpuMs: number;
  writes: number;
  commits: number;
  /** The load driver (this process) and the mock upstream: the rest of the machine's work. */
  otherCpuMs: number;
  topWrites: { calls: number; query: string }[];
}

async function measure(
  db: ScaleDatabase,
  urls: string[],
  pids: number[],
  o: ScaleOptions,
  mockPid: number,
): Promise<Measured> {
  const guests = await cookies(urls, o.streams);
  const appCpu = () => pids.reduce((sum, pid) => sum + groupCpuMs(pid), 0);
  await sleep(1000);
  await db.resetStatements();
  const commits0 = await db.commits();
  const app0 = appCpu();
  const pg0 = db.cpuMs();
  const others = () => {
    const own = process.cpuUsage();
    return (own.user + own.system) / 1000 + groupCpuMs(mockPid);
  };
  const other0 = others();
  const t0 = performance.now();
  // Started evenly over the ramp, as real users do not all press Send in the same millisecond;
  // answers outlast it, so all of them are live together at its end.
  const results = await Promise.all(
    guests.map(async (cookie, i) => {
      await sleep((i / o.streams) * o.rampMs);
      return runStream({
        a: urls[i % urls.length] as string,
        b: urls[(i + 1) % urls.length] as string,
        cookie,
        tokens: o.tokens + (i % 7),
        rate: o.rate,
        tag: `scale ${i}`,
      }).catch((error: unknown) => ({
        firstToken: Number.NaN,
        total: Number.NaN,
        problem: error instanceof Error ? error.message : String(error),
      }));
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await sleep(500);
  const written = await db.writeStatements();
  return {
    results,
    seconds,
    appCpuMs: appCpu() - app0,
    pgCpuMs: db.cpuMs() - pg0,
    writes: written.calls,
    commits: (await db.commits()) - commits0,
    otherCpuMs: others() - other0,
    topWrites: written.byQuery.slice(0, 8),
  };
}

function rows(m: Measured, o: ScaleOptions): Row[] {
  const ok = m.results.filter((r) => r.problem === null).length;
  const first = m.results.map((r) => r.firstToken);
  // Stream-seconds: how long each answer was live, summed (writes happen only while live).
  const live = m.results.reduce((s, r) => s + (Number.isFinite(r.total) ? r.total : 0), 0) / 1000;
  const perStream = (x: number) => x / o.streams;
  const writeRate = live > 0 ? m.writes / live : null;
  const pgPerStreamSecond = live > 0 ? m.pgCpuMs / live : null;
  const carried = carriedStreams(pgPerStreamSecond);
  const base = `${o.streams} streams of ${o.tokens} tokens at ${o.rate}/s started over ${o.rampMs / 1000} s, 4 instances`;
  const row = (id: string, label: string, value: number | null, extra: Partial<Row> = {}) => ({
    id: `scale.${id}`,
    group: 'scale',
    label: `${label} — ${base}`,
    value: finite(value),
    unit: 'ms' as const,
    ...extra,
  });
  return [
    row('complete', 'answers complete and identical to the mock’s', ok, {
      display: `${ok} of ${o.streams}`,
      budget: { text: `all ${o.streams}`, met: ok === o.streams },
    }),
    row('firstToken.p50', 'first token p50', percentile(first, 50)),
    row('firstToken.p99', 'first token p99', percentile(first, 99)),
    row(
      'writesPerStreamSecond',
      'PostgreSQL write statements per second per live stream',
      writeRate,
      {
        display: writeRate === null ? undefined : writeRate.toFixed(2),
        note: `${m.writes} writes, ${m.commits} commits in ${m.seconds.toFixed(1)} s`,
        budget: { text: '≤ 6', met: writeRate === null ? null : writeRate <= 6 },
      },
    ),
    row('pgCpu', 'PostgreSQL CPU', m.pgCpuMs, {
      note: `${(m.pgCpuMs / 1000 / m.seconds).toFixed(2)} cores; ${perStream(m.pgCpuMs).toFixed(0)} ms per stream`,
    }),
    row('pgCpuPerStreamSecond', 'PostgreSQL CPU per live stream-second', pgPerStreamSecond, {
      display: pgPerStreamSecond === null ? undefined : `${pgPerStreamSecond.toFixed(2)} ms`,
      note:
        carried === null
          ? undefined
          : `one 4-vCPU database at ${DB_BUSY * 100}% busy: about ${carried.toLocaleString('en-US')} streams like these`,
    }),
    row('appCpuPerStream', 'app CPU per stream (4 instances together)', perStream(m.appCpuMs), {
      note: `${(m.appCpuMs / 1000 / m.seconds).toFixed(2)} cores; load driver and mock ${(m.otherCpuMs / 1000 / m.seconds).toFixed(2)} cores`,
    }),
  ];
}

export async function benchScale(mock: MockProcess, o: ScaleOptions): Promise<Row[]> {
  return withScaleDatabase(async (db) => {
    const env = {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      DATABASE_URL: db.url,
      DATABASE_POOL_MAX: String(o.pool),
    };
    // The first instance migrates the database; the others start on it together.
    const apps = [await startBenchApp(env)];
    try {
      apps.push(
        ...(await Promise.all(Array.from({ length: INSTANCES - 1 }, () => startBenchApp(env)))),
      );
      const urls = apps.map((a) => a.url);
      const pids = apps.map((a) => a.pid);
      console.log(`scale: warming up ${INSTANCES} instances…`);
      await measure(db, urls, pids, { ...o, streams: 8, tokens: 20, rate: 0, rampMs: 0 }, mock.pid);
      console.log(`scale: ${o.streams} streams at ${o.rate} tokens/s…`);
      const m = await measure(db, urls, pids, o, mock.pid);
      const failed = m.results.filter((r) => r.problem);
      for (const f of failed.slice(0, 5)) console.error(`scale: ${f.problem}`);
      console.log('scale: write statements during the run, most frequent first:');
      for (const w of m.topWrites)
        console.log(`  ${w.calls}× ${w.query.replace(/\s+/g, ' ').slice(0, 110)}`);
      return rows(m, o);
    } finally {
      await Promise.all(apps.map((a) => a.stop()));
    }
  });
}

/**
 * `SCALE_STREAMS`, `SCALE_RATE`, `SCALE_TOKENS` (defaults 200, 20, 300: 15-second answers),
 * `SCALE_RAMP_MS` (default 5,000: every answer is live from 5 s to 15 s),
 * `SCALE_POOL` (connections per instance, default 20: 50 live answers each on 5 connections
 * queue for them).
 */
export function scaleOptions(env: Record<string, string | undefined>): ScaleOptions {
  const n = (name: string, fallback: number) =>
    Math.max(1, Number(env[name] ?? fallback) || fallback);
  return {
    streams: n('SCALE_STREAMS', 200),
    pool: n('SCALE_POOL', 20),
    rate: n('SCALE_RATE', 20),
    tokens: n('SCALE_TOKENS', 300),
    rampMs: n('SCALE_RAMP_MS', 5000),
  };
}
