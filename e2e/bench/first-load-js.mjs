// Prints the JavaScript a page loads before it is interactive: every <script src> in its HTML,
// raw and gzipped, for a production build. Usage (after `next build` into that folder):
//   NEXT_DIST_DIR=.next-test node e2e/bench/first-load-js.mjs [/path ...]
// Starts the app on a free port with a throwaway database and no upstream (the demo model).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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

/** The body of a GET; a kept-alive connection the server has just closed is tried again. */
async function get(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (attempt === 3 || error.cause?.code !== 'ECONNRESET') throw error;
      await sleep(100);
    }
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

try {
  await waitUp();
  for (const path of paths) {
    const html = (await get(base + path)).toString('utf8');
    const srcs = [...new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]))];
    let raw = 0;
    let gzip = 0;
    for (const src of srcs) {
      const body = await get(new URL(src, base));
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    if (srcs.length === 0) throw new Error(`${path}: no scripts in the page (not the app?)`);
    console.log(`${path}: ${srcs.length} scripts, ${kb(raw)} raw, ${kb(gzip)} gzipped`);
  }
} finally {
  app.kill('SIGTERM');
}
