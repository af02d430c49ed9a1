// `npx tsx e2e/bench/bench-first-page.ts`: how long the first page takes on an empty embedded
// database, next to a request that needs the database (which waits for PGlite to initialise and
// migrate). Prints numbers; uses the .next-test build.
import { startApp } from '../support/app-server';

async function firstRequest(path: string): Promise<number> {
  const app = await startApp({ env: {}, readyPath: '/icon.svg' });
  try {
    const started = performance.now();
    const res = await fetch(`${app.url}${path}`);
    await res.arrayBuffer();
    return performance.now() - started;
  } finally {
    await app.stop();
  }
}

const runs = Number(process.argv[2] ?? 2);
for (let i = 0; i < runs; i++) {
  const page = await firstRequest('/');
  const data = await firstRequest('/api/conversations');
  console.log(
    `run ${i + 1}: first GET / ${Math.round(page)} ms; first GET /api/conversations (needs the database) ${Math.round(data)} ms`,
  );
}
