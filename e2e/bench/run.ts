// `npm run bench`: every benchmark of the app on this machine, as a table with each row's budget
// and as JSON (bench-results/latest.json, or BENCH_OUT). Numbers are printed, never asserted.
//   npm run bench -- --only browser,first-load,compare,server,pg,admin     (or BENCH_ONLY=...)
//   npm run bench -- --only scale: 4 instances on one PostgreSQL, 200 streams (scale.ts; not in
//     the default run; SCALE_STREAMS, SCALE_RATE, SCALE_TOKENS)
//   BENCH_RUNS=3 (runs per measurement; the median is reported)
//   BENCH_LONG=1: also the server's answer-length rows at 100 tokens/s (minutes per database)
//     and the browser's longest answer at 100 tokens/s (20,000 tokens, about 4 minutes)
//   --build or BENCH_BUILD=1: rebuild .next-test first (else only when it is missing)
// Needs the .next-test build (built here when missing) and Chromium (found or installed the way
// the tests do it); the PostgreSQL rows start a throwaway server with .ci/start-postgres.sh.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ensureChromium } from '../support/ensure-chromium.mjs';
import { benchBrowser } from './browser';
import { benchCompare, COMPARE_MODELS } from './browser-compare';
import { benchFirstLoad } from './first-load';
import { describeMachine, machineLine } from './machine';
import { withBenchDatabase } from './pg';
import { ensureTestBuild, ROOT, startBenchApp, startMock } from './proc';
import { formatTable, type Row, selectGroups } from './report';
import { benchScale, scaleOptions } from './scale';
import { benchServer } from './server';
import { benchAdmin } from './bench-admin';

const GROUPS = ['browser', 'first-load', 'compare', 'server', 'pg', 'admin', 'scale'] as const;
/** Only when asked for (`--only scale`): minutes long, and it loads the machine fully. */
const OPT_IN = ['scale'];
/** BENCH_LONG=1: the answer-length rows at 100 tokens/s too (about 7 minutes per database). */
const LONG = process.env.BENCH_LONG === '1';

async function main() {
  const groups = selectGroups(process.argv.slice(2), process.env.BENCH_ONLY, GROUPS, OPT_IN);
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const out = resolve(ROOT, process.env.BENCH_OUT || 'bench-results/latest.json');
  const machine = describeMachine();
  const started = performance.now();
  if (['browser', 'first-load', 'compare'].some((g) => groups.includes(g))) ensureChromium();
  ensureTestBuild(process.argv.includes('--build') || process.env.BENCH_BUILD === '1');

  const rows: Row[] = [];
  const failures: string[] = [];
  const attempt = async (group: string, fn: () => Promise<Row[]>) => {
    try {
      rows.push(...(await fn()));
    } catch (error) {
      console.error(`bench: ${group} failed:`, error);
      failures.push(`${group}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    }
  };

  const mock = await startMock();
  try {
    if (groups.includes('browser') || groups.includes('first-load')) {
      const app = await startBenchApp({ OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' });
      try {
        if (groups.includes('first-load'))
          await attempt('first-load', () => benchFirstLoad(app.url));
        if (groups.includes('browser')) {
          await attempt('browser', async () => {
            const result = await benchBrowser(app.url, runs, LONG);
            machine.chromium = result.chromium;
            failures.push(...result.failures);
            return result.rows;
          });
        }
      } finally {
        await app.stop();
      }
    }
    if (groups.includes('compare')) {
      const app = await startBenchApp({
        OPENAI_BASE_URL: mock.url,
        CHAT_MODEL: 'mock-model',
        CHAT_MODELS: COMPARE_MODELS.join(','),
      });
      try {
        await attempt('compare', () => benchCompare(app.url, runs));
      } finally {
        await app.stop();
      }
    }
    if (groups.includes('server')) {
      await attempt('server', () =>
        benchServer(mock, { group: 'server', db: 'PGlite', long: LONG }, runs),
      );
    }
    if (groups.includes('pg')) {
      await attempt('pg', () =>
        withBenchDatabase((databaseUrl) =>
          benchServer(mock, { group: 'pg', db: 'PostgreSQL', databaseUrl, long: LONG }, runs),
        ),
      );
    }
    if (groups.includes('admin')) await attempt('admin', () => benchAdmin(runs));
    if (groups.includes('scale')) {
      await attempt('scale', () => benchScale(mock, scaleOptions(process.env)));
    }
  } finally {
    mock.stop();
  }

  const seconds = Math.round((performance.now() - started) / 1000);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ machine, runs, groups, seconds, rows, failures }, null, 2)}\n`,
  );
  const judged = rows.filter((r) => r.budget);
  const count = (met: boolean | null) => judged.filter((r) => r.budget?.met === met).length;
  console.log(`\n${machineLine(machine)} · median of ${runs} runs · ${seconds} s\n`);
  console.log(formatTable(rows));
  console.log(
    `\nBudgets: ${count(true)} met, ${count(false)} missed${count(null) ? `, ${count(null)} not judged` : ''}. JSON: ${out}`,
  );
  if (failures.length > 0) {
    console.error(`\nNot measured:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
