// Runs the standalone server that `next build` writes to <distDir>/standalone (output: 'standalone').
// `npm start` / `npm run serve` use it, and so do the test servers (serve-app.mjs, app-server.ts).
//   node e2e/support/standalone.mjs [--port 3000] [--hostname 0.0.0.0]
// Next leaves static assets and public/ out of the standalone folder (meant for a CDN); this
// copies them in once per build. Variables come from the environment and .env* files at the
// project root, as with `next start`.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Makes <distDir>/standalone servable (static assets, public/) and returns its server.js.
 * Idempotent and safe to call from several processes at once: one copies under a lock folder,
 * the others wait for its "ready" marker. A new build replaces the whole folder.
 */
export function prepareStandalone(distDir = process.env.NEXT_DIST_DIR || '.next') {
  const dist = resolve(ROOT, distDir);
  const standalone = join(dist, 'standalone');
  const server = join(standalone, 'server.js');
  if (!existsSync(server)) {
    throw new Error(
      `No standalone server in ${standalone}/. Build first: ` +
        `${distDir === '.next' ? '' : `NEXT_DIST_DIR=${distDir} `}npx next build`,
    );
  }
  const ready = join(standalone, '.parley-ready');
  const lock = join(standalone, '.parley-preparing');
  if (existsSync(ready)) return server;
  try {
    mkdirSync(lock);
  } catch {
    for (let waited = 0; !existsSync(ready); waited += 100) {
      if (waited > 60_000) throw new Error(`${lock} is stale: delete it, or build again`);
      sleep(100);
    }
    return server;
  }
  try {
    cpSync(join(dist, 'static'), join(standalone, distDir, 'static'), { recursive: true });
    // Merged: the build already traced the files its own code reads (the OG image fonts).
    cpSync(join(ROOT, 'public'), join(standalone, 'public'), { recursive: true });
    writeFileSync(ready, '');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return server;
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      hostname: { type: 'string', default: '0.0.0.0' },
    },
  });
  // CommonJS package: its functions are on the default export.
  const { default: nextEnv } = await import('@next/env');
  nextEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error });
  const server = prepareStandalone();
  if (values.port) process.env.PORT = values.port;
  // Shells and containers often export HOSTNAME as the machine's name; Next would bind to it.
  process.env.HOSTNAME = values.hostname;
  // server.js makes the standalone folder the working directory; relative paths in the
  // configuration mean the project root, as they do with `next start`.
  const pgliteDir = process.env.PGLITE_DIR?.trim();
  process.env.PGLITE_DIR =
    pgliteDir && isAbsolute(pgliteDir)
      ? pgliteDir
      : resolve(ROOT, pgliteDir || '.data/pglite-prod');
  if (process.env.MIGRATIONS_DIR) process.env.MIGRATIONS_DIR = resolve(process.env.MIGRATIONS_DIR);
  await import(pathToFileURL(server).href);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
