// The guard's admission and rate limits of a state-changing request (admitAndCount), on PGlite or
// on PostgreSQL in CI, with every statement counted: each one before the model is called is
// latency the user waits for.
import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/server/db/client';
import { peekRateLimit, userExists } from '@/lib/server/db/repository';
import { createTestUser, withTestDatabase } from '@/lib/server/db/testing';
import { getConfig } from '@/lib/server/config';
import { SOCKET_ADDRESS_HEADER } from '@/lib/server/limits/socket-address-header';
import { hitRateLimit } from '@/lib/server/db/repository';
import { HOUR, type Limit, MINUTE } from '@/lib/server/limits/rate-limit';
import { authUsers } from '@/lib/db/schema';
import { tokenCounter } from '@/lib/server/limits/counters';
import { admitAndCount } from './identity';
import { tokenBudget } from './limits';

const statements: string[] = [];
let db: Db;

withTestDatabase(
  (handle) => {
    db = handle.db;
  },
  { onStatement: (sql) => statements.push(sql) },
);

/** A request from its own address, so the per-address counters of one test are its own. */
function requestFrom(address: string): Request {
  return new Request('http://localhost/api/chat', {
    method: 'POST',
    headers: { [SOCKET_ADDRESS_HEADER]: address },
  });
}

const messages = (max = 10): Limit => ({
  key: `chat:guest:${crypto.randomUUID()}`,
  max,
  windowMs: MINUTE,
  what: 'messages',
});
const budget = (): Limit => ({
  key: `tokens:${crypto.randomUUID()}`,
  max: 1000,
  windowMs: HOUR,
  what: 'tokens',
  budget: true,
});
const count = (limit: Limit) => peekRateLimit(db, { key: limit.key, windowMs: limit.windowMs });
let addresses = 0;
const newAddress = () => `10.9.0.${++addresses}`;

describe('admitting a request and counting its limits', () => {
  it('a guest seen before: one statement checks its row and counts every limit', async () => {
    const userId = await createTestUser(db);
    const limit = messages();
    statements.length = 0;
    await admitAndCount(db, { userId, kind: 'guest' }, requestFrom(newAddress()), [
      budget(),
      limit,
    ]);
    expect(statements).toHaveLength(1);
    expect(await count(limit)).toBe(1);
  });

  it('a guest seen before, over its limit: refused in that one statement', async () => {
    const userId = await createTestUser(db);
    const limit = messages(1);
    const caller = { userId, kind: 'guest' as const };
    await admitAndCount(db, caller, requestFrom(newAddress()), [limit]);
    statements.length = 0;
    await expect(
      admitAndCount(db, caller, requestFrom(newAddress()), [limit]),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    expect(statements).toHaveLength(1);
  });

  it('a new guest: its row is made (counted against new guests), then its limits are counted once', async () => {
    const userId = crypto.randomUUID();
    const limit = messages();
    await admitAndCount(db, { userId, kind: 'guest' }, requestFrom(newAddress()), [limit]);
    expect(await userExists(db, userId)).toBe(true);
    expect(await count(limit)).toBe(1);
  });

  it('a new guest refused by the limit on new guests: no row, nothing counted', async () => {
    const address = newAddress();
    const { guestsPerIp } = getConfig().rateLimits;
    expect(guestsPerIp).toBeGreaterThan(0);
    for (let i = 0; i < guestsPerIp; i++) {
      await hitRateLimit(db, { key: `guest:ip:${address}`, windowMs: HOUR, now: new Date() });
    }
    const userId = crypto.randomUUID();
    const limit = messages();
    await expect(
      admitAndCount(db, { userId, kind: 'guest' }, requestFrom(address), [limit]),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    expect(await userExists(db, userId)).toBe(false);
    expect(await count(limit)).toBe(0);
  });

  it('an account whose row was deleted (all its data): made again, then counted', async () => {
    const userId = crypto.randomUUID();
    const limit = messages();
    await admitAndCount(db, { userId, kind: 'account' }, requestFrom(newAddress()), [limit]);
    expect(await userExists(db, userId)).toBe(true);
    expect(await count(limit)).toBe(1);
  });

  it('with every limit off, a guest is still admitted', async () => {
    const userId = crypto.randomUUID();
    await admitAndCount(db, { userId, kind: 'guest' }, requestFrom(newAddress()), [messages(0)]);
    expect(await userExists(db, userId)).toBe(true);
  });

  it('an account’s own token budget is read by the counting statement itself', async () => {
    const account = async (dailyTokenBudget: number | null) => {
      const userId = await createTestUser(db);
      await db.insert(authUsers).values({
        id: userId,
        name: 'Budget',
        email: `${userId}@example.com`,
        dailyTokenBudget,
      });
      return { userId, kind: 'account' as const };
    };
    const spent = async (userId: string, amount: number) =>
      hitRateLimit(db, { ...tokenCounter(userId), amount, now: new Date() });

    // Its own budget, used up: refused in its words, in one statement.
    const small = await account(5);
    await spent(small.userId, 5);
    statements.length = 0;
    await expect(
      admitAndCount(db, small, requestFrom(newAddress()), [tokenBudget(small)]),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^You have used today's 5 tokens\./),
    });
    expect(statements).toHaveLength(1);

    // None of its own: the default applies (far above what it spent).
    const plain = await account(null);
    await spent(plain.userId, 5);
    statements.length = 0;
    await admitAndCount(db, plain, requestFrom(newAddress()), [tokenBudget(plain)]);
    expect(statements).toHaveLength(1);

    // 0: no limit at all, even past the default.
    const { tokensPerAccount } = getConfig().rateLimits;
    const unlimited = await account(0);
    await spent(unlimited.userId, tokensPerAccount + 1);
    await admitAndCount(db, unlimited, requestFrom(newAddress()), [tokenBudget(unlimited)]);
  });
});
