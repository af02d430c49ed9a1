// Prints the JavaScript a page loads before it is interactive: every <script src> in its HTML,
// raw and gzipped, for a production build. Usage (after `next build` into that folder):
//   NEXT_DIST_DIR=.next-test node e2e/bench/first-load-js.mjs [/path ...]
// Starts the app on a free port with a throwaway database and no upstream (the demo model).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pageScripts } from './script-bytes.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];

const port = await new Promise((done, fail) => {
  const server = createServer();
  server.once('error', fail);
  server.listen({ port: 0, host: '127.0.0.1' }, () => {
    const { port } = server.address();
    server.close(() => done(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
for (const name of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'DATABASE_URL', 'PROVIDERS'])
  delete env[name];
const app = spawn(process.execPath, ['e2e/support/serve-app.mjs', '--port', String(port)], {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      // Read the body: an unread one keeps the connection busy for the next request.
      await (await fetch(base)).arrayBuffer();
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error('the app did not start');
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

try {
  await waitUp();
  for (const path of paths) {
    const { scripts, raw, gzip } = await pageScripts(base, path);
    console.log(`${path}: ${scripts} scripts, ${kb(raw)} raw, ${kb(gzip)} gzipped`);
  }
} finally {
  app.kill('SIGTERM');
}
