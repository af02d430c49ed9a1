import 'server-only';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { rateLimits } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { rowsOf } from './generations';

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

/** One counter of `countInOrder`: a budget is only read, any other counter counts `amount`. */
export interface CounterCheck {
  key: string;
  windowMs: number;
  /** The most allowed: a counter refuses above it, a budget once it has reached it. */
  max: number;
  amount: number;
  /** Read only (a budget spent after the fact): refused once the count has reached `max`. */
  peek: boolean;
  /**
   * A budget's own maximum, read in the same statement (a scalar subquery: null = `max`,
   * 0 = no limit). Only for a budget (`peek`).
   */
  maxOf?: SQL;
}

export interface CounterResult {
  /** Index of the first counter that refused, or null when every one passed. */
  refused: number | null;
  /** When the refusing counter's window ends. */
  resetAt: Date | null;
  /** The refusing counter's maximum (its own, for a budget with `maxOf`). */
  max?: number;
  /** `ifUserExists` named a user without a row: nothing was counted. */
  noUser?: true;
}

/**
 * Checks counters in order, as `hitRateLimit`/`peekRateLimit` one after another would, in one
 * statement: a counter after a refused one is not counted. A request's limits are checked before
 * every chat answer; one round trip instead of one per limit.
 */
export async function countInOrder(
  db: Db,
  checks: readonly CounterCheck[],
  now = new Date(),
  /** Counts only if this user has a row (a caller admitted before), in the same statement. */
  ifUserExists?: string,
): Promise<CounterResult> {
  if (checks.length === 0) return { refused: null, resetAt: null };
  // One statement cannot upsert the same row twice.
  if (new Set(checks.map((c) => c.key)).size < checks.length) {
    throw new Error('countInOrder: the same counter twice');
  }
  const steps = checks.map((c, i) => {
    const windowStart = new Date(now.getTime() - (now.getTime() % c.windowMs)).toISOString();
    const name = sql.raw(`s${i}`);
    const after =
      i > 0
        ? sql`exists (select 1 from ${sql.raw(`s${i - 1}`)} where ok)`
        : ifUserExists === undefined
          ? sql`true`
          : sql`exists (select 1 from known where ok)`;
    if (c.maxOf && !c.peek) throw new Error('countInOrder: maxOf is only for a budget');
    const max = c.maxOf ? sql`coalesce(${c.maxOf}, ${c.max}::bigint)` : sql`${c.max}::bigint`;
    const body = c.peek
      ? sql`select (m = 0 or n < m) as ok, m as max
          from (select coalesce((select count from rate_limits where key = ${c.key}::text
            and window_start = ${windowStart}::timestamptz), 0) as n, ${max} as m) peeked
          where ${after}`
      : sql`insert into rate_limits as r (key, window_start, count)
          select ${c.key}::text, ${windowStart}::timestamptz, ${Math.max(0, Math.round(c.amount))}::bigint
          where ${after}
          on conflict (key) do update set
            count = case when r.window_start = excluded.window_start
              then r.count + excluded.count else excluded.count end,
            window_start = excluded.window_start
          returning count <= ${max} as ok, ${max} as max`;
    return {
      with: sql`${name} as (${body})`,
      read: sql`select ${i}::int as i, ok, max from ${name}`,
    };
  });
  if (ifUserExists !== undefined) {
    steps.unshift({
      with: sql`known as (select exists (select 1 from users where id = ${ifUserExists}::uuid) as ok)`,
      read: sql`select -1 as i, ok, null::bigint as max from known`,
    });
  }
  const result = await db.execute(
    sql`with ${sql.join(
      steps.map((s) => s.with),
      sql`, `,
    )} ${sql.join(
      steps.map((s) => s.read),
      sql` union all `,
    )}`,
  );
  const failed = rowsOf<{ i: number; ok: boolean; max: number | string | null }>(result)
    .sort((a, b) => a.i - b.i)
    .find((r) => !r.ok);
  if (failed?.i === -1) return { refused: null, resetAt: null, noUser: true };
  const check = failed ? checks[failed.i] : undefined;
  if (!failed || !check) return { refused: null, resetAt: null };
  // Every counter is (re)started in the current window by its upsert, so it ends with it.
  const t = now.getTime();
  return {
    refused: failed.i,
    resetAt: new Date(t - (t % check.windowMs) + check.windowMs),
    max: failed.max === null ? check.max : Number(failed.max),
  };
}
