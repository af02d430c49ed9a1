// Playwright webServer wrapper: runs the test build's standalone server with a private PGlite folder.
// Usage: node e2e/support/serve-app.mjs --port 3100 [--unset NAME]...
// Each server gets its own mkdtemp data folder because PGlite has no lock between processes; the
// folder is created here (not in playwright.config.ts, which every worker process loads again) and
// removed when the server stops. Set KEEP_E2E_DATA=1 to keep it for debugging.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serverLogPath } from './server-log.mjs';
import { prepareStandalone } from './standalone.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3100' },
    host: { type: 'string', default: '127.0.0.1' },
    unset: { type: 'string', multiple: true, default: [] },
  },
});

const distDir = process.env.NEXT_DIST_DIR || '.next-test';
if (!existsSync(resolve(distDir, 'BUILD_ID'))) {
  console.error(
    `serve-app: no production build in ${distDir}/. Build it first:\n` +
      `  NEXT_DIST_DIR=${distDir} npx next build     (npm test does this for you)`,
  );
  process.exit(1);
}

const server = prepareStandalone(distDir);
// Unset first: PORT is one of the app's variables, and the port given here must win.
const env = { ...process.env };
for (const name of values.unset) delete env[name];
Object.assign(env, { NEXT_DIST_DIR: distDir, PORT: values.port, HOSTNAME: values.host });
// Playwright runs with NODE_ENV=test in some setups; the server must run as production.
delete env.NODE_ENV;

let dataDir = null;
if (!env.DATABASE_URL) {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-data-'));
  env.PGLITE_DIR = dataDir;
}
console.error(
  `serve-app: standalone server on ${values.host}:${values.port}, data in ${dataDir ?? 'DATABASE_URL'}`,
);

const child = spawn(process.execPath, [server], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
// Shown as before, and kept for the warning check at the end of the suite (server-log.mjs).
const log = createWriteStream(serverLogPath(values.port), { flags: 'w' });
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});

function cleanUp() {
  if (dataDir && !process.env.KEEP_E2E_DATA) rmSync(dataDir, { recursive: true, force: true });
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  cleanUp();
  if (stopping) process.exit(0);
  console.error(`serve-app: the server exited unexpectedly (${signal ?? `code ${code}`})`);
  process.exit(code || 1);
});
child.on('error', (error) => {
  cleanUp();
  console.error(`serve-app: could not start the server: ${error.message}`);
  process.exit(1);
});
