import 'server-only';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { AppError, notFound } from '@/lib/server/errors';
import { failedAttempts } from '@/lib/server/limits/attempts';
import { currentSecret, newSessionCookie } from '@/lib/server/auth/session';
import { accessTag, matchCode } from './codes';

// Entering an access code (POST /api/access). Wrong codes are counted in the database
// (lib/server/limits/attempts.ts) per browser and address together, and per address with a ceiling
// ten times as high: one guesser behind an office NAT locks out its own browser long before the
// address, and browsers that already entered the code never ask again. Past a limit even a
// right code waits for the hour, so guessing cannot go on (README "Security": lock-out).

export async function enterAccessCode(input: {
  db: Db;
  code: string;
  address: string;
  /** The caller's current guest id, kept so their conversations stay theirs. */
  userId: string | null;
  /** The guest id of the browser's signed cookie (also with ALLOW_GUESTS=false), or null. */
  browserId: string | null;
  secure: boolean;
  now?: Date;
}) {
  const { codes, wrongCodesPerIp: max } = getConfig().access;
  if (codes.length === 0) throw notFound('This Parley has no access code.');
  const common = { db: input.db, what: 'wrong access codes', now: input.now };
  // A client without a guest cookie (not a browser that loaded the gate) shares one per-address
  // count with every other such client.
  const browser = input.browserId ?? 'none';
  const attempts = [
    failedAttempts({ ...common, key: `access-code:browser:${browser}:${input.address}`, max }),
    failedAttempts({ ...common, key: `access-code:ip:${input.address}`, max: max * 10 }),
  ];
  for (const limit of attempts) await limit.check();
  const code = matchCode(codes, input.code);
  if (!code) {
    for (const limit of attempts) await limit.fail();
    throw new AppError('forbidden', 'That access code is not right. Check it and try again.', {
      details: { reason: 'wrong_code' },
    });
  }
  const tag = accessTag(await currentSecret(), code);
  return newSessionCookie(input.userId ?? crypto.randomUUID(), input.secure, tag);
}
