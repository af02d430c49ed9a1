import 'server-only';
import type { Db } from '@/lib/server/db/types';
import { hitRateLimit, peekRateLimit } from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';
import { HOUR, limitMessage } from './rate-limit';

// Failed attempts (wrong access codes, wrong passwords) counted per key in the database, so every
// instance sees one count. Only failures count; once a key used them all up, every attempt, right
// or not, is refused until the window ends: guessing cannot go on.

const WINDOW_MS = HOUR;

export interface Attempts {
  /** Throws 429 (with Retry-After) when the failures of this window are used up. */
  check(): Promise<void>;
  /** Counts one failure. */
  fail(): Promise<void>;
}

export function failedAttempts(input: {
  db: Db;
  key: string;
  max: number;
  /** For the sentence: "wrong access codes", "wrong passwords". */
  what: string;
  now?: Date;
}): Attempts {
  const { db, key, max } = input;
  const now = input.now ?? new Date();
  return {
    async check() {
      if ((await peekRateLimit(db, { key, windowMs: WINDOW_MS, now })) < max) return;
      const resetAt = now.getTime() - (now.getTime() % WINDOW_MS) + WINDOW_MS;
      const retryAfter = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
      throw new AppError(
        'rate_limited',
        limitMessage({ max, windowMs: WINDOW_MS, what: input.what }, retryAfter),
        {
          details: { retryAfterSeconds: retryAfter },
          headers: { 'retry-after': String(retryAfter) },
        },
      );
    },
    async fail() {
      await hitRateLimit(db, { key, windowMs: WINDOW_MS, now });
    },
  };
}
