// `npm test`: every test suite in order, stopping at the first failure.
// build (.next-test) -> vitest unit, streams, db, integration -> Chromium -> Playwright.
// SKIP_BUILD=1 reuses an existing .next-test build. Each runner also writes a JSON report to
// PARLEY_RESULTS_DIR (a temp folder unless set) so the last line totals every test.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collect, formatCounts, total } from './results.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST_DIR = '.next-test';
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

const ownResultsDir = !process.env.PARLEY_RESULTS_DIR;
const resultsDir = resolve(
  process.env.PARLEY_RESULTS_DIR || mkdtempSync(join(tmpdir(), 'parley-results-')),
);
mkdirSync(resultsDir, { recursive: true });
const buildDataDir = mkdtempSync(join(tmpdir(), 'parley-build-data-'));

const vitest = (order, project, extra = []) => ({
  name: project,
  command: [
    bin('vitest'),
    'run',
    '--project',
    project,
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(resultsDir, `${order}-${project}.json`)}`,
  ],
});

const steps = [
  {
    name: 'build',
    command: [bin('next'), 'build'],
    // A private PGlite folder in case the build touches the database layer.
    env: { NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1', PGLITE_DIR: buildDataDir },
    skip: process.env.SKIP_BUILD === '1' && existsSync(join(ROOT, DIST_DIR, 'BUILD_ID')),
  },
  vitest(1, 'unit'),
  vitest(2, 'streams'),
  vitest(3, 'db'),
  // Two files at a time (vitest's default here is one, a core less than the machine has): each
  // file mostly waits on its own app server and mock, so one at a time left 2 cores a third idle.
  vitest(4, 'integration', ['--maxWorkers=2']),
  { name: 'chromium', command: [process.execPath, join(ROOT, 'e2e/support/ensure-chromium.mjs')] },
  {
    name: 'e2e',
    command: [bin('playwright'), 'test'],
    env: { PARLEY_RESULTS_DIR: resultsDir },
    before: choosePorts,
  },
];

function run(command, env) {
  return new Promise((done) => {
    const [file, ...args] = command;
    const child = spawn(file, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) => {
      console.error(`Could not start ${file}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/**
 * The lowest port the OS hands out for outgoing connections (Linux; else the IANA default). A
 * port below it can only be taken by a server: the thousands of connections the earlier steps
 * make never land on it, as one did on a port picked the OS's way (EADDRINUSE at e2e start).
 */
function ephemeralLow() {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {
    // Not Linux.
  }
  return 49152;
}

/** A listening server on a free port below the ephemeral range (the OS's choice if none is). */
function listenFree(low) {
  const attempt = (port) =>
    new Promise((done) => {
      const server = createServer();
      server.once('error', () => done(null));
      server.listen({ port, host: '127.0.0.1' }, () => done(server));
    });
  return (async () => {
    for (let i = 0; i < 50; i++) {
      const server = await attempt(10_000 + Math.floor(Math.random() * (low - 10_000)));
      if (server) return server;
    }
    const server = await attempt(0);
    if (!server) throw new Error('no free TCP port on 127.0.0.1');
    return server;
  })();
}

// Playwright's servers default to fixed ports (3100, 3101, 4010, and the mail catcher's derived
// from them); a developer's own `playwright test` or dev server may hold them, so `npm test`
// picks free ones unless told, each one checked, right before the browser tests start. Servers
// stay open until all are picked, so the ports differ.
async function choosePorts() {
  const names = ['E2E_PORT', 'E2E_DEMO_PORT', 'MOCK_PORT', 'E2E_SMTP_PORT', 'E2E_MAIL_PORT'].filter(
    (name) => !process.env[name],
  );
  const low = ephemeralLow();
  const servers = [];
  for (const _ of names) servers.push(await listenFree(low));
  names.forEach((name, i) => {
    process.env[name] = String(servers[i].address().port);
  });
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  if (names.length > 0)
    console.log(`Ports: ${names.map((n) => `${n}=${process.env[n]}`).join(' ')}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

function cleanUp() {
  rmSync(buildDataDir, { recursive: true, force: true });
  if (ownResultsDir) rmSync(resultsDir, { recursive: true, force: true });
}

function printSummary(records, failedStep, startedAt) {
  const reports = new Map(collect(resultsDir).map((entry) => [entry.name, entry.counts]));
  console.log('\n━━ npm test summary ━━');
  for (const { name, status, ms } of records) {
    const counts = reports.get(name);
    const detail = counts ? `  (${formatCounts(counts)})` : '';
    console.log(`  ${status.padEnd(7)} ${name.padEnd(12)} ${seconds(ms).padStart(7)}${detail}`);
  }
  const verdict = failedStep ? `FAILED at step "${failedStep}"` : 'all steps passed';
  console.log(`npm test: ${verdict} in ${seconds(Date.now() - startedAt)}`);
  console.log(
    `Tests: ${formatCounts(total([...reports.entries()].map(([, counts]) => ({ counts }))))}`,
  );
}

async function main() {
  const startedAt = Date.now();
  const records = [];
  let failedStep = null;
  for (const [i, step] of steps.entries()) {
    const header = `[${i + 1}/${steps.length}] ${step.name}: ${step.command.map((part) => part.replace(`${ROOT}/`, '')).join(' ')}`;
    if (step.skip) {
      console.log(`\n━━ ${header} — skipped (SKIP_BUILD=1) ━━`);
      records.push({ name: step.name, status: 'skipped', ms: 0 });
      continue;
    }
    console.log(`\n━━ ${header} ━━`);
    await step.before?.();
    const stepStart = Date.now();
    const code = await run(step.command, step.env);
    const ms = Date.now() - stepStart;
    records.push({ name: step.name, status: code === 0 ? 'ok' : 'FAILED', ms });
    console.log(
      `━━ ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds(ms)} ━━`,
    );
    if (code !== 0) {
      failedStep = step.name;
      break;
    }
  }
  printSummary(records, failedStep, startedAt);
  cleanUp();
  process.exit(failedStep ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

await main();
