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

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(base);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('the app did not start');
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

try {
  await waitUp();
  for (const path of paths) {
    const html = await (await fetch(base + path)).text();
    const srcs = [...new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]))];
    let raw = 0;
    let gzip = 0;
    for (const src of srcs) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    console.log(`${path}: ${srcs.length} scripts, ${kb(raw)} raw, ${kb(gzip)} gzipped`);
  }
} finally {
  app.kill('SIGTERM');
}
