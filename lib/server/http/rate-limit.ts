import 'server-only';
import type { Db } from '@/lib/server/db/types';
import { hitRateLimit, purgeRateLimits } from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';

// Fixed-window request limits, counted in the database so they hold across every instance
// (no process memory). A refused request is answered 429 with Retry-After and a sentence the
// browser shows as it is.

export interface Limit {
  /** Counter name, e.g. `chat:user:<id>`. */
  key: string;
  /** Requests allowed per window; 0 = no limit. */
  max: number;
  windowMs: number;
  /** What is limited, for the sentence: "messages", "new guests from your network". */
  what: string;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
const PURGE_EVERY = 500;
const DAY = 24 * HOUR;

/** Counts one request against each limit in turn; throws rate_limited at the first one passed. */
export async function enforceLimits(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  for (const limit of limits) {
    if (limit.max <= 0) continue;
    const hit = await hitRateLimit(db, { key: limit.key, windowMs: limit.windowMs, now });
    if (hit.count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError('rate_limited', limitMessage(limit, retryAfter), {
        details: { retryAfterSeconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }
  // Old counters can no longer limit anything; forget them now and then.
  if (Math.random() * PURGE_EVERY < 1) {
    await purgeRateLimits(db, new Date(now.getTime() - DAY)).catch(() => {});
  }
}

/** "Too many messages: at most 30 a minute. Try again in 42 seconds." */
export function limitMessage(
  limit: Pick<Limit, 'max' | 'windowMs' | 'what'>,
  retryAfterSeconds: number,
) {
  const per =
    limit.windowMs >= HOUR ? 'an hour' : limit.windowMs >= MINUTE ? 'a minute' : 'a second';
  return `Too many ${limit.what}: at most ${limit.max} ${per}. Try again in ${duration(retryAfterSeconds)}.`;
}

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
