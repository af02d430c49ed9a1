// The admin page's aggregates against a hand-computed seed (e2e/support/seed-usage.ts): several
// accounts, guests, a deleted account, three models on two providers, days inside and outside
// the period, prices for two models. Runs on PGlite, and on PostgreSQL in CI (npm run test:ci-db).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ExpectedUsage,
  type SeededUsage,
  SEED_PRICES,
  seedProvidersEnv,
  seedUsage,
} from '@/e2e/support/seed-usage';
import type { Db } from '@/lib/server/db/client';
import {
  createConversation,
  insertMessage,
  saveFinalAnswer,
  settleLostGenerations,
} from '@/lib/server/db/repository';
import { withTestDatabase } from '@/lib/server/db/testing';
import { authUsers, usageDaily } from '@/lib/db/schema';

vi.stubEnv('PROVIDERS', seedProvidersEnv('http://127.0.0.1:9/v1'));
vi.stubEnv('MODEL_PRICES', SEED_PRICES);
const { usageReport } = await import('./usage');

let db: Db;
let seeded: SeededUsage;

withTestDatabase(async (handle) => {
  db = handle.db;
});

beforeAll(async () => {
  seeded = await seedUsage({ db });
});

type Report = Awaited<ReturnType<typeof usageReport>>;

const byKey = <T>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => key(a).localeCompare(key(b)));

function expectCost(actual: number | null, expected: number | null, what: string) {
  if (expected === null) expect(actual, what).toBeNull();
  else expect(actual, what).toBeCloseTo(expected, 9);
}

function compare(report: Report, expected: ExpectedUsage) {
  const strip = <T extends { cost: number | null }>(r: T) => ({ ...r, cost: undefined });
  const dayKey = (r: { day: string; provider: string; model: string }) =>
    `${r.day} ${r.provider} ${r.model}`;
  const days = byKey(report.days, dayKey);
  const wantDays = byKey(expected.days, dayKey);
  expect(days.map(strip)).toEqual(wantDays.map(strip));
  for (const [i, d] of days.entries()) expectCost(d.cost, wantDays[i]?.cost ?? null, dayKey(d));

  const modelKey = (r: { provider: string; model: string }) => `${r.provider} ${r.model}`;
  const models = byKey(report.models, modelKey);
  const wantModels = byKey(expected.models, modelKey);
  expect(models.map(strip)).toEqual(wantModels.map(strip));
  for (const [i, m] of models.entries())
    expectCost(m.cost, wantModels[i]?.cost ?? null, modelKey(m));

  const providers = byKey(report.providers, (r) => r.provider);
  const wantProviders = byKey(expected.providers, (r) => r.provider);
  expect(providers.map(strip)).toEqual(wantProviders.map(strip));
  for (const [i, p] of providers.entries())
    expectCost(p.cost, wantProviders[i]?.cost ?? null, p.provider);

  const userKey = (r: { kind: string; email: string | null }) => `${r.kind} ${r.email}`;
  const users = byKey(report.users, userKey);
  const wantUsers = byKey(expected.users, userKey);
  expect(
    users.map(({ kind, email, messages, inputTokens, outputTokens }) => ({
      kind,
      email,
      messages,
      inputTokens,
      outputTokens,
    })),
  ).toEqual(
    wantUsers.map(({ kind, email, messages, inputTokens, outputTokens }) => ({
      kind,
      email,
      messages,
      inputTokens,
      outputTokens,
    })),
  );
  for (const [i, u] of users.entries()) expectCost(u.cost, wantUsers[i]?.cost ?? null, userKey(u));
}

describe('usage report', () => {
  it('the last 30 days match the hand-computed seed (the 40-day-old answers left out)', async () => {
    const from = seeded.dayOf(29);
    const report = await usageReport(db, from, seeded.today);
    compare(report, seeded.expected(from, seeded.today));
    expect(report.priced).toBe(true);
    // Spot checks written out by hand: ana's 2 gpt-4o answers of 1000 in / 500 out today, and
    // 3 llama answers of 2000 / 300 yesterday on Groq.
    const ana = report.users.find((u) => u.email === 'ana@example.com');
    expect(ana).toMatchObject({
      kind: 'account',
      messages: 5,
      inputTokens: 8000,
      outputTokens: 1900,
    });
    expect(ana?.cost).toBeCloseTo((2000 * 2.5 + 1000 * 10 + 6000 * 0.59 + 900 * 0.79) / 1e6, 12);
    // All guests are one row; the deleted account's usage is one row, without an address.
    expect(report.users.filter((u) => u.kind === 'guests')).toEqual([
      expect.objectContaining({
        id: null,
        email: null,
        messages: 3,
        inputTokens: 1500,
        outputTokens: 450,
      }),
    ]);
    expect(report.users.find((u) => u.kind === 'deleted')).toMatchObject({
      id: null,
      email: null,
      messages: 2,
      inputTokens: 3000,
      outputTokens: 1400,
    });
    // cy's failed answer counts as an answer with no tokens; the streaming one not at all.
    expect(report.users.find((u) => u.email === 'cy@example.com')).toMatchObject({ messages: 3 });
    // gpt-4o-mini has no price: its cost is unknown, not zero.
    expect(report.models.find((m) => m.model === 'gpt-4o-mini')?.cost).toBeNull();
    expect(report.providers.map((p) => p.provider).sort()).toEqual(['Groq', 'OpenAI']);
  });

  it('a longer period takes in the older answers; today alone only today', async () => {
    const from = seeded.dayOf(45);
    compare(await usageReport(db, from, seeded.today), seeded.expected(from, seeded.today));
    const today = await usageReport(db, seeded.today, seeded.today);
    compare(today, seeded.expected(seeded.today, seeded.today));
    expect(today.days.every((d) => d.day === seeded.today)).toBe(true);
  });

  it('a saved answer is counted once, in the transaction that saves it', async () => {
    const before = await usageReport(db, seeded.today, seeded.today);
    const conversation = await createConversation(db, { userId: seeded.ids.bo });
    const answer = await insertMessage(db, {
      conversationId: conversation.id,
      role: 'assistant',
      status: 'streaming',
      model: 'gpt-4o',
    });
    const final = {
      status: 'complete' as const,
      usage: { prompt_tokens: 10, completion_tokens: 7, total_tokens: 17 },
    };
    await saveFinalAnswer(db, answer.id, final);
    // The retry after a failed save, or a later edit of the same answer, adds nothing.
    await saveFinalAnswer(db, answer.id, final);
    const after = await usageReport(db, seeded.today, seeded.today);
    const bo = (r: Report) => r.users.find((u) => u.email === 'bo@example.com');
    expect(bo(after)?.messages).toBe((bo(before)?.messages ?? 0) + 1);
    expect(bo(after)?.inputTokens).toBe((bo(before)?.inputTokens ?? 0) + 10);
    expect(bo(after)?.outputTokens).toBe((bo(before)?.outputTokens ?? 0) + 7);
  });

  it('an answer found abandoned (its instance gone) is counted once, when it is settled', async () => {
    const before = await usageReport(db, seeded.today, seeded.today);
    const conversation = await createConversation(db, { userId: seeded.ids.ana });
    const answer = await insertMessage(db, {
      conversationId: conversation.id,
      role: 'assistant',
      status: 'streaming',
      model: 'gpt-4o',
    });
    // No live turn holds it: the next settle marks it interrupted and counts it.
    expect(await settleLostGenerations(db, { conversationId: conversation.id })).toBe(1);
    expect(await settleLostGenerations(db, { conversationId: conversation.id })).toBe(0);
    // A final save arriving late (the instance was only slow) adds nothing more.
    await saveFinalAnswer(db, answer.id, { status: 'complete' });
    const after = await usageReport(db, seeded.today, seeded.today);
    const ana = (r: Report) => r.users.find((u) => u.email === 'ana@example.com')?.messages ?? 0;
    expect(ana(after)).toBe(ana(before) + 1);
  });

  it('names the top 100 users by tokens, heaviest first, with guests and deleted accounts as one row each', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `many-${String(i).padStart(3, '0')}@example.com`,
      tokens: 1_000_000 + i * 1000,
    }));
    await db
      .insert(authUsers)
      .values(many.map((u) => ({ id: u.id, email: u.email, name: u.email })));
    await db.insert(usageDaily).values(
      many.map((u) => ({
        day: seeded.today,
        userId: u.id,
        userKind: 'account',
        provider: 'openai',
        model: 'gpt-4o',
        messages: 1,
        inputTokens: u.tokens,
        outputTokens: 0,
      })),
    );
    const { users } = await usageReport(db, seeded.dayOf(29), seeded.today);
    expect(users).toHaveLength(100);
    expect(users[0]?.email).toBe('many-119@example.com');
    expect(users[99]?.email).toBe('many-020@example.com');
    const tokens = users.map((u) => u.inputTokens + u.outputTokens);
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    expect(users.every((u) => u.kind === 'account')).toBe(true);
  });
});
