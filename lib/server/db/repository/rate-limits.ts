import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimits } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends (the counter starts over). */
  resetAt: Date;
}

/**
 * Counts one request (or `amount` of something: bytes, tokens) against `key` in a fixed window
 * of `windowMs`, atomically in the database (one upsert), so every instance sharing it sees the
 * same counter. A window that has ended is started over by the same statement.
 */
export async function hitRateLimit(
  db: Db,
  input: { key: string; windowMs: number; now?: Date; amount?: number },
): Promise<RateLimitHit> {
  const now = (input.now ?? new Date()).getTime();
  const windowStart = new Date(now - (now % input.windowMs));
  const amount = Math.max(0, Math.round(input.amount ?? 1));
  const [row] = await db
    .insert(rateLimits)
    .values({ key: input.key, windowStart, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + excluded.count else excluded.count end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, resetAt: new Date(row.windowStart.getTime() + input.windowMs) };
}

/** Forgets counters whose window started before `before` (they can no longer limit anything). */
export async function purgeRateLimits(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** The count in `key`'s current window without counting anything (0 when none). */
export async function peekRateLimit(
  db: Db,
  input: { key: string; windowMs: number; now?: Date },
): Promise<number> {
  const now = (input.now ?? new Date()).getTime();
  const windowStart = new Date(now - (now % input.windowMs));
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, input.key), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}
