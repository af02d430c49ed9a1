import 'server-only';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { hitRateLimit, peekRateLimit } from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';
import { HOUR, limitMessage } from '@/lib/server/http/rate-limit';
import { currentSecret, newSessionCookie } from '@/lib/server/session';
import { accessTag, matchCode } from './codes';

// Entering an access code (POST /api/access). Wrong codes are counted per client address in the
// database (every instance sees the same count); once an address used up its wrong attempts for
// the hour, even a right code is refused until the window ends, so guessing cannot continue.

const WINDOW_MS = HOUR;

function tooMany(max: number, now: number): AppError {
  const resetAt = now - (now % WINDOW_MS) + WINDOW_MS;
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const limit = { max, windowMs: WINDOW_MS, what: 'wrong access codes' };
  return new AppError('rate_limited', limitMessage(limit, retryAfter), {
    details: { retryAfterSeconds: retryAfter },
    headers: { 'retry-after': String(retryAfter) },
  });
}

export async function enterAccessCode(input: {
  db: Db;
  code: string;
  address: string;
  /** The caller's current guest id, kept so their conversations stay theirs. */
  userId: string | null;
  secure: boolean;
  now?: Date;
}) {
  const { codes, wrongCodesPerIp: max } = getConfig().access;
  if (codes.length === 0) throw notFound('This Parley has no access code.');
  const now = input.now ?? new Date();
  const key = `access-code:ip:${input.address}`;
  if ((await peekRateLimit(input.db, { key, windowMs: WINDOW_MS, now })) >= max) {
    throw tooMany(max, now.getTime());
  }
  const code = matchCode(codes, input.code);
  if (!code) {
    await hitRateLimit(input.db, { key, windowMs: WINDOW_MS, now });
    throw new AppError('forbidden', 'That access code is not right. Check it and try again.', {
      details: { reason: 'wrong_code' },
    });
  }
  const tag = accessTag(await currentSecret(), code);
  return newSessionCookie(input.userId ?? crypto.randomUUID(), input.secure, tag);
}
