// Server rows of `npm run bench`, for one database (PGlite, or PostgreSQL with DATABASE_URL):
// app CPU per 2,000-token answer at full speed, 1 and 20 concurrent full-speed streams through
// /api/chat against calling the mock upstream directly, and CPU per stream with 20 concurrent
// streams at 100 tokens/s. CPU is the app's whole process group, read from /proc; the rows
// without a budget give the main thread's share (worker threads, such as the embedded database's,
// do the rest).
import { guestCookie } from './bench-live';
import {
  groupCpuMs,
  mainThreadCpuMs,
  type MockProcess,
  sleep,
  type StreamTiming,
  startBenchApp,
  timeStream,
} from './proc';
import { atMost, finite, median, proxyBudget, type Row } from './report';
import { benchServerLengths } from './server-length';

const TOKENS = 2000;
const CONCURRENT = 20;
/**
 * Answers a new server gives before anything is measured. V8 compiles hot code on background
 * threads, counted in the process's CPU: 8 answers after start it still spent 23 ms per answer
 * compiling (a third of the answer's CPU), 60 answers after start 6 ms. The rows are about a
 * server that has been answering for a while; a fresh one costs more at first.
 */
const WARM_UP_ANSWERS = 60;
/** The answer's first word (`[[mock:markdown tokens=N]]` starts with it). */
const FIRST_TOKEN = 'Benchmark';

export interface ServerTarget {
  /** Row group (`server` or `pg`) and label suffix (`PGlite`, `PostgreSQL`). */
  group: string;
  db: string;
  /** Unset: PGlite in a throwaway folder. */
  databaseUrl?: string;
  /** Also the answer-length rows at 100 tokens/s (minutes long). */
  long?: boolean;
}

const m = (xs: number[]) => finite(median(xs));

export async function benchServer(
  mock: MockProcess,
  target: ServerTarget,
  runs: number,
): Promise<Row[]> {
  // startApp turns every rate limit off (E2E_RATE_LIMITS): one guest sends every request.
  const app = await startBenchApp({
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    DATABASE_URL: target.databaseUrl,
  });
  try {
    const cookie = await guestCookie(app.url);
    const prompt = (rate: number, tokens = TOKENS) =>
      `[[mock:markdown tokens=${tokens} rate=${rate}]] server run`;
    const direct = async (rate: number) => {
      const t0 = performance.now();
      const res = await fetch(`${mock.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'mock-model',
          stream: true,
          messages: [{ role: 'user', content: prompt(rate) }],
        }),
      });
      return timeStream(res, t0, FIRST_TOKEN);
    };
    // A new conversation every time: one conversation has one live answer at a time.
    const proxied = async (rate: number, tokens = TOKENS) => {
      const t0 = performance.now();
      const res = await fetch(`${app.url}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: app.url },
        body: JSON.stringify({ content: prompt(rate, tokens) }),
      });
      return timeStream(res, t0, FIRST_TOKEN);
    };
    const batch = (fn: (rate: number) => Promise<StreamTiming>, rate: number) =>
      Promise.all(Array.from({ length: CONCURRENT }, () => fn(rate)));

    console.log(`server (${target.db}): warming up…`);
    for (let i = 0; i < 3; i++) await direct(0);
    for (let i = 0; i < WARM_UP_ANSWERS; i++) await proxied(0);
    await batch(proxied, 0);

    console.log(`server (${target.db}): one stream at a time…`);
    const d1: StreamTiming[] = [];
    for (let i = 0; i < runs; i++) d1.push(await direct(0));
    const p1: StreamTiming[] = [];
    const cpu: number[] = [];
    const mainCpu: number[] = [];
    for (let i = 0; i < 2 * runs + 1; i++) {
      await sleep(300);
      const before = groupCpuMs(app.pid);
      const mainBefore = mainThreadCpuMs(app.pid);
      p1.push(await proxied(0));
      // Let the last database write land before reading the CPU counters.
      await sleep(300);
      cpu.push(groupCpuMs(app.pid) - before);
      mainCpu.push(mainThreadCpuMs(app.pid) - mainBefore);
    }

    console.log(`server (${target.db}): ${CONCURRENT} concurrent streams…`);
    const d20: number[][] = [[], []];
    const p20: number[][] = [[], []];
    for (let i = 0; i < runs; i++) {
      const d = await batch(direct, 0);
      d20[0]?.push(median(d.map((t) => t.firstToken)));
      d20[1]?.push(median(d.map((t) => t.total)));
      const p = await batch(proxied, 0);
      p20[0]?.push(median(p.map((t) => t.firstToken)));
      p20[1]?.push(median(p.map((t) => t.total)));
    }

    console.log(`server (${target.db}): ${CONCURRENT} concurrent streams at 100 tokens/s…`);
    const paced: number[] = [];
    const pacedMain: number[] = [];
    for (let i = 0; i < Math.max(1, Math.floor(runs / 2)); i++) {
      await sleep(300);
      const before = groupCpuMs(app.pid);
      const mainBefore = mainThreadCpuMs(app.pid);
      await batch(proxied, 100);
      await sleep(500);
      paced.push((groupCpuMs(app.pid) - before) / CONCURRENT);
      pacedMain.push((mainThreadCpuMs(app.pid) - mainBefore) / CONCURRENT);
    }
    const lengths = await benchServerLengths(
      { group: target.group, db: target.db, appPid: app.pid, answer: (n, r) => proxied(r, n) },
      runs,
      target.long,
    );

    const suffix = ` — ${target.db}`;
    const id = (name: string) => `server.${target.db.toLowerCase()}.${name}`;
    const pair = (
      name: string,
      label: string,
      p: number[],
      d: number[],
      factor: number,
      extra = 0,
    ) => {
      const value = m(p);
      const base = m(d);
      return {
        id: id(name),
        group: target.group,
        label: label + suffix,
        value,
        unit: 'ms' as const,
        note: base === null ? undefined : `direct ${Math.round(base)} ms`,
        runs: p,
        budget: proxyBudget(value, base, factor, extra),
      };
    };
    const cpuValue = m(cpu);
    const pacedValue = m(paced);
    const mainRow = (name: string, label: string, runsOf: number[]): Row => ({
      id: id(name),
      group: target.group,
      label: `${label}${suffix}`,
      value: m(runsOf),
      unit: 'ms',
      runs: runsOf,
    });
    return [
      {
        id: id('cpuPerReply'),
        group: target.group,
        label: `server CPU per 2,000-token answer, full speed${suffix}`,
        value: cpuValue,
        unit: 'ms',
        runs: cpu,
        budget: atMost(cpuValue, 40, 'ms'),
      },
      pair(
        'stream1.firstToken',
        '1 stream: first token',
        p1.map((t) => t.firstToken),
        d1.map((t) => t.firstToken),
        1,
        10,
      ),
      pair(
        'stream1.total',
        '1 stream: whole stream',
        p1.map((t) => t.total),
        d1.map((t) => t.total),
        1.3,
      ),
      pair('stream20.firstToken', '20 streams: first token', p20[0] ?? [], d20[0] ?? [], 2, 10),
      pair('stream20.total', '20 streams: whole stream', p20[1] ?? [], d20[1] ?? [], 1.3),
      {
        id: id('cpuPerStream20paced'),
        group: target.group,
        label: `server CPU per stream, 20 concurrent at 100 tokens/s${suffix}`,
        value: pacedValue,
        unit: 'ms',
        runs: paced,
        budget: atMost(pacedValue, 250, 'ms'),
      },
      mainRow('mainThreadCpuPerReply', 'server main-thread CPU per 2,000-token answer', mainCpu),
      mainRow(
        'mainThreadCpuPerStream20paced',
        'server main-thread CPU per stream, 20 concurrent at 100 tokens/s',
        pacedMain,
      ),
      ...lengths,
    ];
  } finally {
    await app.stop();
  }
}
