import 'server-only';
import { formatBytes } from '@/lib/chat/attachments';
import type { SQL } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { countInOrder, hitRateLimit, purgeRateLimits } from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';

// Every limit goes through here: fixed-window counters in the database, so they hold across every
// instance (no process memory). A counter counts requests, or an amount (bytes uploaded, tokens
// spent). A refused request is answered 429 with Retry-After and a sentence the browser shows as
// it is. The limits themselves are listed in lib/server/http/limits.ts.

export interface Limit {
  /** Counter name, e.g. `chat:user:<id>`. */
  key: string;
  /** Allowed per window (requests, or the unit of `cost`); 0 = no limit. */
  max: number;
  windowMs: number;
  /** What is limited, for the sentence: "messages", "new guests from your network". */
  what: string;
  /** What this request adds to the counter (default 1); bytes for an upload. */
  cost?: number;
  /** `max` and `cost` are bytes (the sentence says "MB"). */
  unit?: 'bytes';
  /**
   * A budget spent after the fact (tokens): the request is not counted here, only refused once
   * the counter has reached `max`; `spend` adds what it cost when that is known.
   */
  budget?: true;
  /**
   * A per-user `max` kept in the database (an admin's budget), read by the counting statement
   * itself (a scalar subquery): null = `max`, 0 = no limit. Only for a budget.
   */
  maxOf?: SQL;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const PURGE_EVERY = 500;

/**
 * Counts this request against each limit in turn (one statement for all of them); throws
 * rate_limited at the first one passed, and the limits after it are not counted.
 * With `ifUserExists`, the statement counts only if that user has a row: false means it has none
 * (or there was nothing to count) and nothing was counted, so the caller admits it first.
 */
export async function enforceLimits(
  db: Db,
  limits: Limit[],
  now = new Date(),
  ifUserExists?: string,
): Promise<boolean> {
  // A limit of its own in the database may turn on what the default leaves off.
  const checked = limits.filter((l) => l.max > 0 || l.maxOf);
  if (checked.length === 0) return ifUserExists === undefined;
  const result = await countInOrder(
    db,
    checked.map((l) => ({
      key: l.key,
      windowMs: l.windowMs,
      max: l.max,
      amount: l.cost ?? 1,
      peek: l.budget === true,
      maxOf: l.maxOf,
    })),
    now,
    ifUserExists,
  );
  if (result.noUser) return false;
  const refused = result.refused === null ? undefined : checked[result.refused];
  if (refused && result.resetAt) {
    throw refusal({ ...refused, max: result.max ?? refused.max }, result.resetAt, now);
  }
  // Old counters can no longer limit anything; forget them now and then.
  if (Math.random() * PURGE_EVERY < 1) {
    await purgeRateLimits(db, new Date(now.getTime() - 2 * DAY)).catch(() => {});
  }
  return true;
}

/** Adds what a request turned out to cost (tokens) to a budget's counter. */
export async function spend(
  db: Db,
  budget: Pick<Limit, 'key' | 'windowMs'>,
  amount: number,
  now = new Date(),
): Promise<void> {
  if (amount <= 0) return;
  await hitRateLimit(db, { key: budget.key, windowMs: budget.windowMs, now, amount });
}

function refusal(limit: Limit, resetAt: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const message = limit.budget
    ? budgetMessage(limit, resetAt, retryAfter)
    : limitMessage(limit, retryAfter);
  return new AppError('rate_limited', message, {
    details: { retryAfterSeconds: retryAfter, resetAt: resetAt.toISOString() },
    headers: { 'retry-after': String(retryAfter) },
  });
}

const per = (windowMs: number) =>
  windowMs >= DAY
    ? 'a day'
    : windowMs >= HOUR
      ? 'an hour'
      : windowMs >= MINUTE
        ? 'a minute'
        : 'a second';

/** "Too many messages: at most 30 a minute. Try again in 42 seconds." */
export function limitMessage(
  limit: Pick<Limit, 'max' | 'windowMs' | 'what' | 'unit'>,
  retryAfterSeconds: number,
) {
  const head =
    limit.unit === 'bytes'
      ? `Too much ${limit.what}: at most ${formatBytes(limit.max)} ${per(limit.windowMs)}`
      : `Too many ${limit.what}: at most ${limit.max} ${per(limit.windowMs)}`;
  return `${head}. Try again in ${duration(retryAfterSeconds)}.`;
}

/** "You have used today's 200,000 tokens. More at 00:00 UTC (in 5 hours)." */
function budgetMessage(limit: Limit, resetAt: Date, retryAfterSeconds: number): string {
  const time = resetAt.toISOString().slice(11, 16);
  const period = limit.windowMs >= DAY ? "today's" : "this hour's";
  return `You have used ${period} ${limit.max.toLocaleString('en-US')} ${limit.what}. More at ${time} UTC (in ${duration(retryAfterSeconds)}).`;
}

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.round(seconds / 3600);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
