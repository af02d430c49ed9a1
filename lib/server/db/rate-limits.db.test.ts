import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@/lib/server/db/client';
import { hitRateLimit, purgeRateLimits } from '@/lib/server/db/repository';
import { withTestDatabase } from '@/lib/server/db/testing';
import {
  DAY,
  enforceLimits,
  HOUR,
  limitMessage,
  MINUTE,
  spend,
} from '@/lib/server/limits/rate-limit';

let a: DbHandle;
let b: DbHandle | null = null;

const testDb = withTestDatabase(async (opened) => {
  a = opened;
  // Two connections to one database stand for two instances (PGlite allows only one).
  if (testDb.driver === 'postgres') b = await testDb.open();
});

describe(`rate limits in the database (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('counts every hit of a window once, concurrently, and starts the next window over', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const now = new Date('2026-03-01T12:00:30Z');
    const dbs = [a.db, b?.db ?? a.db];
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        hitRateLimit(dbs[i % 2] ?? a.db, { key, windowMs: MINUTE, now }),
      ),
    );
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(hits[0]?.resetAt.toISOString()).toBe('2026-03-01T12:01:00.000Z');
    const next = await hitRateLimit(a.db, {
      key,
      windowMs: MINUTE,
      now: new Date('2026-03-01T12:01:00Z'),
    });
    expect(next.count).toBe(1);
  });

  it('refuses past the limit with 429, Retry-After and a sentence', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const now = new Date('2026-03-01T12:00:15Z');
    const limit = { key, max: 2, windowMs: MINUTE, what: 'messages' };
    await enforceLimits(a.db, [limit], now);
    await enforceLimits(a.db, [limit], now);
    const error = await enforceLimits(a.db, [limit], now).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      headers: { 'retry-after': '45' },
      message: 'Too many messages: at most 2 a minute. Try again in 45 seconds.',
    });
    // max 0 turns a limit off.
    await enforceLimits(a.db, [{ ...limit, max: 0 }], now);
  });

  it('counts amounts (bytes) beyond 32 bits, and refuses the request that passes the limit', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const now = new Date('2026-03-01T12:10:00Z');
    const limit = {
      key,
      max: 5 * 1024 ** 3,
      windowMs: HOUR,
      what: 'uploaded',
      unit: 'bytes' as const,
    };
    await enforceLimits(a.db, [{ ...limit, cost: 3 * 1024 ** 3 }], now);
    const error = await enforceLimits(a.db, [{ ...limit, cost: 3 * 1024 ** 3 }], now).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      status: 429,
      headers: { 'retry-after': '3000' },
      message: 'Too much uploaded: at most 5120 MB an hour. Try again in 50 minutes.',
    });
  });

  it('a budget refuses only once spent, says when it resets, and counts nothing itself', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const now = new Date('2026-03-01T19:00:00Z');
    const budget = { key, max: 1000, windowMs: DAY, what: 'tokens', budget: true as const };
    await enforceLimits(a.db, [budget], now);
    await enforceLimits(a.db, [budget], now);
    await spend(a.db, budget, 999, now);
    await enforceLimits(a.db, [budget], now);
    await spend(a.db, budget, 40, now);
    const error = await enforceLimits(a.db, [budget], now).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      headers: { 'retry-after': String(5 * 3600) },
      message: "You have used today's 1,000 tokens. More at 00:00 UTC (in 5 hours).",
    });
    // The next day starts over.
    await enforceLimits(a.db, [budget], new Date('2026-03-02T00:00:01Z'));
  });

  it('forgets old windows', async () => {
    const key = `test:${crypto.randomUUID()}`;
    await hitRateLimit(a.db, { key, windowMs: MINUTE, now: new Date('2020-01-01T00:00:00Z') });
    expect(await purgeRateLimits(a.db, new Date('2021-01-01T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    const again = await hitRateLimit(a.db, {
      key,
      windowMs: MINUTE,
      now: new Date('2020-01-01T00:00:01Z'),
    });
    expect(again.count).toBe(1);
  });

  it('words long waits in minutes', () => {
    expect(limitMessage({ max: 60, windowMs: 60 * MINUTE, what: 'new guests' }, 600)).toBe(
      'Too many new guests: at most 60 an hour. Try again in 10 minutes.',
    );
  });
});
