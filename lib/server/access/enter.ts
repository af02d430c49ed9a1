import 'server-only';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { AppError, notFound } from '@/lib/server/errors';
import { failedAttempts } from '@/lib/server/http/attempts';
import { currentSecret, newSessionCookie } from '@/lib/server/session';
import { accessTag, matchCode } from './codes';

// Entering an access code (POST /api/access). Wrong codes are counted per client address in the
// database (lib/server/http/attempts.ts): past the limit even a right code waits for the hour.

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
  const attempts = failedAttempts({
    db: input.db,
    key: `access-code:ip:${input.address}`,
    max,
    what: 'wrong access codes',
    now: input.now,
  });
  await attempts.check();
  const code = matchCode(codes, input.code);
  if (!code) {
    await attempts.fail();
    throw new AppError('forbidden', 'That access code is not right. Check it and try again.', {
      details: { reason: 'wrong_code' },
    });
  }
  const tag = accessTag(await currentSecret(), code);
  return newSessionCookie(input.userId ?? crypto.randomUUID(), input.secure, tag);
}
