// A usage history for the admin page (issue 27), written straight into a database BEFORE an app
// server starts on it: accounts (with passwords), guests, a deleted account, three models on two
// providers over several UTC days, and the totals the admin page must show for it, computed here
// by hand from the same list (never by the SQL under test).
//   const seeded = await seedUsage({ pgliteDir });   // or { databaseUrl } or { db }
//   start the app with PROVIDERS: seedProvidersEnv(mock.url), MODEL_PRICES: SEED_PRICES
//   seeded.expected(seeded.dayOf(29), seeded.today)  → what GET /api/admin/usage answers
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { authAccounts, authUsers, conversations, messages, users } from '@/lib/db/schema';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import * as schema from '@/lib/db/schema';
import { rollUpFrom } from '@/lib/db/usage-rollup';
import type { Db } from '@/lib/server/db/types';

export const SEED_PASSWORD = 'seeded-password-1';

/** Prices of two of the three models (gpt-4o-mini has none: its cost is null). */
export const SEED_PRICES_OBJECT = {
  'gpt-4o': { input: 2.5, output: 10 },
  'groq/llama-3.3-70b': { input: 0.59, output: 0.79 },
} as const;
export const SEED_PRICES = JSON.stringify(SEED_PRICES_OBJECT);

export const SEED_PROVIDER_LABELS = { openai: 'OpenAI', groq: 'Groq' } as const;
type ProviderName = keyof typeof SEED_PROVIDER_LABELS;

/** PROVIDERS for the app: both seeded providers, served by one mock upstream. */
export function seedProvidersEnv(baseUrl: string): string {
  return JSON.stringify([
    { name: 'openai', label: 'OpenAI', baseUrl, models: ['gpt-4o', 'gpt-4o-mini'] },
    { name: 'groq', label: 'Groq', baseUrl, models: ['llama-3.3-70b'] },
  ]);
}

type Who = 'ana' | 'bo' | 'cy' | 'dee' | 'guest1' | 'guest2';

export const SEED_ACCOUNTS = {
  ana: { email: 'ana@example.com', name: 'Ana' },
  bo: { email: 'bo@example.com', name: 'Bo' },
  cy: { email: 'cy@example.com', name: 'Cy' },
  // Deleted after its answers were counted: its usage stays, as a deleted account's.
  dee: { email: 'dee@example.com', name: 'Dee' },
} as const;

interface Entry {
  who: Who;
  provider: ProviderName;
  model: string;
  daysAgo: number;
  answers: number;
  /** Per answer; null = the answer saved no usage (an error): counted, 0 tokens. */
  input: number | null;
  output: number | null;
}

// The hand-made history. Answers per entry × tokens per answer.
export const SEED_ENTRIES: readonly Entry[] = [
  {
    who: 'ana',
    provider: 'openai',
    model: 'gpt-4o',
    daysAgo: 0,
    answers: 2,
    input: 1000,
    output: 500,
  },
  {
    who: 'ana',
    provider: 'groq',
    model: 'llama-3.3-70b',
    daysAgo: 1,
    answers: 3,
    input: 2000,
    output: 300,
  },
  {
    who: 'bo',
    provider: 'openai',
    model: 'gpt-4o-mini',
    daysAgo: 0,
    answers: 4,
    input: 400,
    output: 100,
  },
  {
    who: 'bo',
    provider: 'openai',
    model: 'gpt-4o',
    daysAgo: 3,
    answers: 1,
    input: 5000,
    output: 2000,
  },
  {
    who: 'bo',
    provider: 'openai',
    model: 'gpt-4o',
    daysAgo: 40,
    answers: 5,
    input: 10000,
    output: 10000,
  },
  {
    who: 'cy',
    provider: 'groq',
    model: 'llama-3.3-70b',
    daysAgo: 10,
    answers: 2,
    input: 800,
    output: 800,
  },
  {
    who: 'cy',
    provider: 'groq',
    model: 'llama-3.3-70b',
    daysAgo: 10,
    answers: 1,
    input: null,
    output: null,
  },
  {
    who: 'guest1',
    provider: 'openai',
    model: 'gpt-4o-mini',
    daysAgo: 0,
    answers: 1,
    input: 300,
    output: 50,
  },
  {
    who: 'guest2',
    provider: 'groq',
    model: 'llama-3.3-70b',
    daysAgo: 3,
    answers: 2,
    input: 600,
    output: 200,
  },
  {
    who: 'dee',
    provider: 'openai',
    model: 'gpt-4o',
    daysAgo: 1,
    answers: 2,
    input: 1500,
    output: 700,
  },
];

export interface SeededUsage {
  /** Today's UTC day, YYYY-MM-DD, as the seed saw it. */
  today: string;
  dayOf(daysAgo: number): string;
  /** User ids by name (dee's is gone from the database). */
  ids: Record<Who, string>;
  expected(from: string, to: string): ExpectedUsage;
}

export interface Totals {
  messages: number;
  inputTokens: number;
  outputTokens: number;
  cost: number | null;
}

export interface ExpectedUsage {
  days: Array<Totals & { day: string; provider: string; model: string }>;
  models: Array<Totals & { provider: string; model: string }>;
  providers: Array<Totals & { provider: string }>;
  users: Array<Totals & { email: string | null; kind: 'account' | 'guests' | 'deleted' }>;
}

const DAY_MS = 86_400_000;
const dayOfDate = (d: Date) => d.toISOString().slice(0, 10);

function costOf(provider: string, model: string, input: number, output: number): number | null {
  const prices: Record<string, { input: number; output: number }> = SEED_PRICES_OBJECT;
  const price = prices[`${provider}/${model}`] ?? prices[model];
  return price ? (input * price.input + output * price.output) / 1_000_000 : null;
}

function add<T extends Totals>(map: Map<string, T>, key: string, init: () => T, e: Entry) {
  const row = map.get(key) ?? init();
  const input = (e.input ?? 0) * e.answers;
  const output = (e.output ?? 0) * e.answers;
  const cost = costOf(e.provider, e.model, input, output);
  row.messages += e.answers;
  row.inputTokens += input;
  row.outputTokens += output;
  // A group's cost adds up its priced models; null when none of them has a price.
  row.cost = cost === null ? row.cost : (row.cost ?? 0) + cost;
  map.set(key, row);
}

const zero = (): Totals => ({ messages: 0, inputTokens: 0, outputTokens: 0, cost: null });

function userKey(who: Who): { email: string | null; kind: 'account' | 'guests' | 'deleted' } {
  if (who === 'guest1' || who === 'guest2') return { email: null, kind: 'guests' };
  if (who === 'dee') return { email: null, kind: 'deleted' };
  return { email: SEED_ACCOUNTS[who].email, kind: 'account' };
}

export function expectedUsage(today: string, from: string, to: string): ExpectedUsage {
  const base = Date.parse(`${today}T00:00:00Z`);
  const inRange = SEED_ENTRIES.map((e) => ({
    e,
    day: dayOfDate(new Date(base - e.daysAgo * DAY_MS)),
  })).filter(({ day }) => day >= from && day <= to);
  const days = new Map<string, ExpectedUsage['days'][number]>();
  const models = new Map<string, ExpectedUsage['models'][number]>();
  const providers = new Map<string, ExpectedUsage['providers'][number]>();
  const people = new Map<string, ExpectedUsage['users'][number]>();
  for (const { e, day } of inRange) {
    const provider = SEED_PROVIDER_LABELS[e.provider];
    add(
      days,
      `${day}|${provider}|${e.model}`,
      () => ({ ...zero(), day, provider, model: e.model }),
      e,
    );
    add(models, `${provider}|${e.model}`, () => ({ ...zero(), provider, model: e.model }), e);
    add(providers, provider, () => ({ ...zero(), provider }), e);
    const who = userKey(e.who);
    add(people, `${who.kind}|${who.email}`, () => ({ ...zero(), ...who }), e);
  }
  return {
    days: [...days.values()],
    models: [...models.values()],
    providers: [...providers.values()],
    users: [...people.values()],
  };
}

export type Target = { pgliteDir: string } | { databaseUrl: string } | { db: Db };

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the target and applies the app's migrations (drizzle's own migrator keeps the same
 * bookkeeping as the app's, lib/server/db/migrate.ts). No server-only module, so a Playwright
 * spec or a tsx script can seed too.
 */
export async function openSeedTarget(
  target: Target,
): Promise<{ db: Db; close: () => Promise<void> }> {
  if ('db' in target) return { db: target.db, close: async () => {} };
  if ('pgliteDir' in target) {
    const client = new PGlite(target.pgliteDir, { extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, close: () => client.close() };
  }
  const client = postgres(target.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema });
  await migratePostgres(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, close: () => client.end({ timeout: 5 }) };
}

async function createAccount(db: Db, id: string, who: keyof typeof SEED_ACCOUNTS, hash: string) {
  const { email, name } = SEED_ACCOUNTS[who];
  await db.insert(authUsers).values({ id, email, name, emailVerified: true });
  await db.insert(authAccounts).values({
    id: crypto.randomUUID(),
    userId: id,
    accountId: id,
    providerId: 'credential',
    password: hash,
  });
  await db.insert(users).values({ id, kind: 'account' });
}

async function writeEntry(db: Db, userId: string, e: Entry, base: number, index: number) {
  const conversationId = crypto.randomUUID();
  const at = new Date(base - e.daysAgo * DAY_MS + 12 * 3_600_000 + index * 60_000);
  await db.insert(conversations).values({
    id: conversationId,
    userId,
    title: `${e.model} on day -${e.daysAgo}`,
    model: e.model,
    provider: e.provider,
    createdAt: at,
    updatedAt: at,
  });
  const rows = Array.from({ length: e.answers }, (_, i) => {
    const created = new Date(at.getTime() + i * 1000);
    const usage =
      e.input === null
        ? null
        : {
            prompt_tokens: e.input,
            completion_tokens: e.output,
            total_tokens: e.input + (e.output ?? 0),
          };
    return [
      {
        id: crypto.randomUUID(),
        conversationId,
        role: 'user',
        content: `question ${i}`,
        status: 'complete',
        createdAt: created,
      },
      {
        id: crypto.randomUUID(),
        conversationId,
        role: 'assistant',
        content: e.input === null ? '' : `answer ${i}`,
        status: e.input === null ? 'error' : 'complete',
        model: e.model,
        usage,
        createdAt: created,
      },
    ];
  }).flat();
  await db.insert(messages).values(rows);
}

/** Writes the history (see SEED_ENTRIES) and its roll-up; returns what the admin page must show. */
export async function seedUsage(target: Target, now = new Date()): Promise<SeededUsage> {
  const { db, close } = await openSeedTarget(target);
  try {
    const today = dayOfDate(now);
    const base = Date.parse(`${today}T00:00:00Z`);
    const ids = Object.fromEntries(
      (['ana', 'bo', 'cy', 'dee', 'guest1', 'guest2'] as const).map((w) => [
        w,
        crypto.randomUUID(),
      ]),
    ) as Record<Who, string>;
    const hash = await hashPassword(SEED_PASSWORD);
    for (const who of Object.keys(SEED_ACCOUNTS) as Array<keyof typeof SEED_ACCOUNTS>) {
      await createAccount(db, ids[who], who, hash);
    }
    await db.insert(users).values([
      { id: ids.guest1, kind: 'guest' },
      { id: ids.guest2, kind: 'guest' },
    ]);
    for (const [index, e] of SEED_ENTRIES.entries())
      await writeEntry(db, ids[e.who], e, base, index);
    // An answer still being written is not counted.
    const [first] = await db.select({ id: conversations.id }).from(conversations).limit(1);
    if (first) {
      await db.insert(messages).values({
        id: crypto.randomUUID(),
        conversationId: first.id,
        role: 'assistant',
        status: 'streaming',
        model: 'gpt-4o',
        usage: { prompt_tokens: 99_999, completion_tokens: 99_999 },
      });
    }
    // As the migration's backfill does for messages written before the roll-up existed.
    await db.execute(
      rollUpFrom(sql`(select * from messages where role = 'assistant' and status <> 'streaming')`),
    );
    // dee deletes the account: conversations and messages go, the roll-up stays.
    await db.delete(users).where(sql`${users.id} = ${ids.dee}`);
    await db.delete(authUsers).where(sql`${authUsers.id} = ${ids.dee}`);
    return {
      today,
      dayOf: (daysAgo) => dayOfDate(new Date(base - daysAgo * DAY_MS)),
      ids,
      expected: (from, to) => expectedUsage(today, from, to),
    };
  } finally {
    await close();
  }
}
