// Live answers on PostgreSQL, for `npm run bench:stream`: database writes per 2,000-token answer,
// and the time from a reconnect (on another instance) to the first resumed event.
// Uses DATABASE_URL when set, else starts a throwaway PostgreSQL with .ci/start-postgres.sh.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { startApp } from '../support/app-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TABLES = ['conversations', 'messages', 'generations', 'generation_events'] as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function withPostgres<T>(fn: (adminUrl: string) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL);
  const out = execFileSync('bash', ['.ci/start-postgres.sh'], { cwd: ROOT, encoding: 'utf8' });
  const base = /^PG_BASE=(.+)$/m.exec(out)?.[1];
  const url = /^DATABASE_URL=(.+)$/m.exec(out)?.[1];
  if (!base || !url) throw new Error(`start-postgres.sh printed: ${out}`);
  try {
    return await fn(url);
  } finally {
    execFileSync('bash', ['.ci/stop-postgres.sh', base], { cwd: ROOT, stdio: 'ignore' });
  }
}

/** Rows inserted, updated and deleted per table (flushed by the servers' backends on exit). */
async function rowsWritten(sql: postgres.Sql): Promise<Record<string, number>> {
  const rows = await sql<{ relname: string; n: string }[]>`
    select relname, (n_tup_ins + n_tup_upd + n_tup_del)::text as n
    from pg_stat_user_tables where relname in ${sql(TABLES)}`;
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]));
}

/** The guest cookie, as a browser gets it: from a page load (API responses never set one). */
export async function guestCookie(url: string): Promise<string> {
  const page = await fetch(url, { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' } });
  await page.body?.cancel();
  const cookie = page.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('the page load set no session cookie');
  return cookie;
}

async function chat(url: string, cookie: string, content: string, signal?: AbortSignal) {
  return fetch(`${url}/api/chat`, {
    method: 'POST',
    // The route guard refuses state changes that do not come from the app's own origin.
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ content }),
    signal,
  });
}

async function drain(res: Response): Promise<string> {
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  return res.text();
}

export async function benchLive(mockUrl: string): Promise<void> {
  await withPostgres(async (adminUrl) => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const name = `parley_bench_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${name}"`);
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;
    const db = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
    const env = { OPENAI_BASE_URL: mockUrl, CHAT_MODEL: 'mock-model', DATABASE_URL: `${dbUrl}` };
    try {
      // 1. Writes: one answer on a fresh instance; its backends flush their statistics on exit.
      let app = await startApp({ env });
      const cookie = await guestCookie(app.url);
      await drain(await chat(app.url, cookie, '[[mock:text tokens=5]] warm-up'));
      await app.stop();
      console.log('\n== Live answers on PostgreSQL: database writes per 2,000-token answer ==');
      for (const rate of [100, 0]) {
        const before = await rowsWritten(db);
        app = await startApp({ env });
        await drain(await chat(app.url, cookie, `[[mock:text tokens=2000 rate=${rate}]] writes`));
        await new Promise((r) => setTimeout(r, 300));
        await app.stop();
        const after = await rowsWritten(db);
        const per = TABLES.map((t) => [t, (after[t] ?? 0) - (before[t] ?? 0)] as const);
        const total = per.reduce((sum, [, n]) => sum + n, 0);
        const pace = rate ? `${rate} tokens/s (${2000 / rate} s)` : 'as fast as possible';
        console.log(
          `${pace}: ${total} rows written (${per.map(([t, n]) => `${t} ${n}`).join(', ')})`,
        );
      }

      // 2. Reconnect: an answer streams on A; the browser reconnects to B with Last-Event-ID.
      const a = await startApp({ env });
      const b = await startApp({ env });
      try {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const ac = new AbortController();
          const res = await chat(
            a.url,
            cookie,
            `[[mock:text tokens=400 rate=100]] r${i}`,
            ac.signal,
          );
          const reader = res.body?.getReader();
          let text = '';
          let last = 0;
          let conversationId = '';
          const decoder = new TextDecoder();
          while (reader && last < 100) {
            const { done, value } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
            conversationId ||= /"conversationId":"([0-9a-f-]{36})"/.exec(text)?.[1] ?? '';
            for (const m of text.matchAll(/^id: (\d+)$/gm)) last = Number(m[1]);
          }
          ac.abort();
          const t0 = performance.now();
          const resumed = await fetch(`${b.url}/api/conversations/${conversationId}/stream`, {
            headers: { cookie, 'last-event-id': String(last) },
          });
          const r = resumed.body?.getReader();
          let got = '';
          while (r && !/^id: \d+$/m.test(got)) {
            const { done, value } = await r.read();
            if (done) break;
            got += decoder.decode(value, { stream: true });
          }
          times.push(performance.now() - t0);
          // Let the answer finish so the next one may start in a new conversation anyway.
          await r?.cancel();
        }
        console.log('== Reconnect to another instance (Last-Event-ID), median of runs ==');
        console.log(
          `time from reconnect to the first resumed event: ${median(times).toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
        );
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } finally {
      await db.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  });
}
