// `npm run bench -- --only admin`: the admin page's queries on PostgreSQL with ONE MILLION
// messages (10,000 users, 100,000 conversations, 500,000 answers over 90 days, 5 models on 3
// providers, 20 live answers, 10,000 audit entries). Seeds a throwaway database (pg.ts), times
// the migration's roll-up backfill, then asks the started app for each part of the page as an
// admin (median of BENCH_RUNS), and the whole page (its five requests at once).
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { rollUpFrom } from '@/lib/db/usage-rollup';
import type { Db } from '@/lib/server/db/types';
import { openSeedTarget } from '../support/seed-usage';
import { Client } from '../integration/client';
import { withBenchDatabase } from './pg';
import { startBenchApp } from './proc';
import { atMost, median, type Row } from './report';

const USERS = 10_000;
const ACCOUNTS = 2_000;
const CONVERSATIONS = 100_000;
const MESSAGES = 1_000_000;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' };
const DAY_MS = 86_400_000;

const count = async (db: Db, table: string) =>
  Number(
    (
      (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        n: number;
      }[]
    )[0]?.n ?? 0,
  );

async function timed(label: string, fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  console.error(`bench admin: ${label} in ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

/** Users, conversations and a million messages, written by PostgreSQL itself. */
async function seed(db: Db): Promise<{ seedMs: number; backfillMs: number }> {
  // One statement per call: the driver's extended protocol takes no lists of statements.
  const run = async (statements: string) => {
    for (const statement of statements.split(';').map((t) => t.trim())) {
      if (statement) await db.execute(sql.raw(statement));
    }
  };
  const seedMs = await timed('seeded 1,000,000 messages', async () => {
    await run(`
      insert into users (id, kind)
        select md5('u' || i)::uuid, case when i <= ${ACCOUNTS} then 'account' else 'guest' end
        from generate_series(1, ${USERS}) i;
      insert into auth_users (id, name, email, email_verified)
        select md5('u' || i)::uuid, 'User ' || i, 'user' || i || '@example.com', true
        from generate_series(1, ${ACCOUNTS}) i;
      insert into conversations (id, user_id, title, model, provider, created_at, updated_at)
        select md5('c' || i)::uuid, md5('u' || (1 + i % ${USERS}))::uuid, 'Conversation ' || i,
          (array['gpt-4o','gpt-4o-mini','o3-mini','llama-3.3-70b','mistral-large'])[1 + i % 5],
          (array['openai','openai','openai','groq',''])[1 + i % 5],
          now() - (i % 90) * interval '1 day', now() - (i % 90) * interval '1 day'
        from generate_series(1, ${CONVERSATIONS}) i`);
    // In slices, so one statement never holds the whole million in memory.
    const slice = 100_000;
    for (let from = 1; from <= MESSAGES; from += slice) {
      await db.execute(
        sql.raw(`
        insert into messages (id, conversation_id, role, content, status, model, usage, created_at, updated_at)
          select md5('m' || i)::uuid, md5('c' || (1 + (i / 2) % ${CONVERSATIONS}))::uuid,
            case when i % 2 = 0 then 'user' else 'assistant' end,
            case when i % 2 = 0 then 'question ' || i else 'answer ' || i end,
            'complete',
            case when i % 2 = 1 then (array['gpt-4o','gpt-4o-mini','o3-mini','llama-3.3-70b','mistral-large'])[1 + (i / 2) % ${CONVERSATIONS} % 5] end,
            case when i % 2 = 1 then jsonb_build_object('prompt_tokens', 200 + i % 1000,
              'completion_tokens', 50 + i % 400, 'total_tokens', 250 + i % 1000 + i % 400) end,
            now() - ((i / 2) % ${CONVERSATIONS} % 90) * interval '1 day' + (i % 3600) * interval '1 second',
            now()
          from generate_series(${from}, ${Math.min(MESSAGES, from + slice - 1)}) i;`),
      );
    }
    await run(`
      insert into generations (id, conversation_id, lease_until, message_id)
        select md5('g' || i)::uuid, md5('c' || i)::uuid, now() + interval '1 hour', md5('m' || (2 * i + 1))::uuid
        from generate_series(1, 20) i;
      insert into admin_audit (actor_email, action, target, detail, at)
        select 'bench-admin@example.com', 'user.budget', 'user' || i || '@example.com', '1000 tokens a day',
          now() - i * interval '1 minute'
        from generate_series(1, 10000) i;
      analyze`);
  });
  // The migration's backfill, on a million messages (usage_daily starts empty here).
  const backfillMs = await timed('rolled up the answers (the migration backfill)', () =>
    db.execute(
      rollUpFrom(sql`(select * from messages where role = 'assistant' and status <> 'streaming')`),
    ),
  );
  await db.execute(sql`analyze usage_daily`);
  console.error(
    `bench admin: ${await count(db, 'messages')} messages, ${await count(db, 'usage_daily')} roll-up rows`,
  );
  return { seedMs, backfillMs };
}

async function adminAccount(db: Db): Promise<void> {
  const id = crypto.randomUUID();
  await db.execute(sql`
    insert into auth_users (id, name, email, email_verified) values (${id}, 'Admin', ${ADMIN.email}, true)`);
  await db.execute(sql`
    insert into auth_accounts (id, user_id, account_id, provider_id, password)
    values (${crypto.randomUUID()}, ${id}, ${id}, 'credential', ${await hashPassword(ADMIN.password)})`);
  await db.execute(sql`insert into users (id, kind) values (${id}, 'account')`);
}

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

export async function benchAdmin(runs: number): Promise<Row[]> {
  return withBenchDatabase(async (databaseUrl) => {
    // Migrated as the app would, then filled.
    const handle = await openSeedTarget({ databaseUrl });
    let seeded: { seedMs: number; backfillMs: number };
    try {
      seeded = await seed(handle.db);
      await adminAccount(handle.db);
    } finally {
      await handle.close();
    }
    const app = await startBenchApp({ DATABASE_URL: databaseUrl, ADMIN_EMAILS: ADMIN.email });
    try {
      const admin = new Client(app.url);
      const signedIn = await admin.fetch('/api/account/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (signedIn.status !== 200) throw new Error(`sign-in: ${await signedIn.text()}`);
      const parts = {
        usage: `/api/admin/usage?from=${day(29 * DAY_MS)}&to=${day(0)}`,
        users: '/api/admin/users',
        live: '/api/admin/live',
        audit: '/api/admin/audit',
        settings: '/api/admin/settings',
      };
      const get = async (path: string) => {
        const start = performance.now();
        const res = await admin.fetch(path);
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
        return performance.now() - start;
      };
      // Warm-up: the first request of each opens connections and compiles the route.
      for (const path of Object.values(parts)) await get(path);
      const rows: Row[] = [];
      for (const [name, path] of Object.entries(parts)) {
        if (name === 'settings') continue;
        const times: number[] = [];
        for (let i = 0; i < Math.max(runs, 5); i++) times.push(await get(path));
        const value = median(times);
        rows.push({
          id: `admin.${name}`,
          group: 'admin',
          label: `admin ${name} (1M messages)`,
          value,
          unit: 'ms',
          runs: times,
          budget: atMost(value, 1000, 'ms'),
        });
      }
      const pages: number[] = [];
      for (let i = 0; i < Math.max(runs, 5); i++) {
        const start = performance.now();
        await Promise.all(Object.values(parts).map(get));
        pages.push(performance.now() - start);
      }
      const page = median(pages);
      rows.push({
        id: 'admin.page',
        group: 'admin',
        label: 'admin page, all 5 requests at once',
        value: page,
        unit: 'ms',
        runs: pages,
        budget: atMost(page, 1000, 'ms'),
      });
      rows.push({
        id: 'admin.backfill',
        group: 'admin',
        label: 'roll-up backfill of 1M messages (migration)',
        value: seeded.backfillMs,
        unit: 'ms',
      });
      return rows;
    } finally {
      await app.stop();
    }
  });
}
