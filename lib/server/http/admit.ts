import 'server-only';
import type { Db } from '@/lib/server/db/types';
import { ensureUser, userExists } from '@/lib/server/db/repository';
import { enforceLimits, HOUR } from '@/lib/server/limits/rate-limit';
import { newGuestsAllowed } from '@/lib/server/access/guests';
import { AppError } from '@/lib/server/errors';

/**
 * Lets an identified caller act: the first state-changing request of a new guest creates its
 * user row (idempotently, so parallel first requests make one user), counted against the
 * per-address limit on new guests. Only ever called after the same-origin check.
 */
export async function admitGuest(input: {
  db: Db;
  userId: string;
  address: string;
  guestsPerIp: number;
  now?: Date;
}): Promise<void> {
  const { db, userId } = input;
  if (await userExists(db, userId)) return;
  // An admin turned new guests off (existing ones keep working).
  if (!(await newGuestsAllowed(db))) {
    throw new AppError('unauthorized', 'Sign in or create an account to continue.', {
      details: { reason: 'sign_in_required' },
    });
  }
  await enforceLimits(
    db,
    [
      {
        key: `guest:ip:${input.address}`,
        max: input.guestsPerIp,
        windowMs: HOUR,
        what: 'new guests from your network',
      },
    ],
    input.now,
  );
  await ensureUser(db, userId);
}
