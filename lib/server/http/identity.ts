import 'server-only';
import { type Caller, currentCaller, UNVERIFIED_MESSAGE } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import { AppError } from '@/lib/server/errors';
import type { Db } from '@/lib/server/db/types';
import { ensureAccountUser } from '@/lib/server/db/repository';
import { admitGuest } from './admit';
import { clientAddress } from '@/lib/server/limits/client-address';
import { enforceLimits, type Limit } from '@/lib/server/limits/rate-limit';
import { isUuid } from '@/lib/server/db/cursor';

// Who is asking: a signed-in account, or a guest named by the signed session cookie proxy.ts
// minted on a page load (lib/server/auth/current.ts). Access codes are checked before this, by
// the guard (lib/server/access/gate.ts); `admit` refuses who may not act.

/**
 * The caller, or null without a valid session (or a guest when ALLOW_GUESTS=false). An account
 * that must verify its address first (ALLOWED_EMAILS) is refused in words where a user is
 * required, and is nobody elsewhere (its account routes read the account themselves).
 */
export async function identify(required: boolean): Promise<Caller | null> {
  // Where a user is required, an account the allow-list no longer names is signed out with a
  // sentence (401); elsewhere it is nobody until then (GET /api/account says why, too).
  const caller = await currentCaller(required);
  if (!caller?.unverified) return caller;
  if (!required) return null;
  throw new AppError('forbidden', UNVERIFIED_MESSAGE, {
    details: { reason: 'email_not_verified' },
  });
}

/** Before a state-changing request acts: a new guest's row is created here (rate-limited). */
export async function admit(db: Db, caller: Caller, request: Request): Promise<void> {
  // An account's row was created with it (lib/server/auth/auth.ts); "delete all my data"
  // removes it while the account stays, so it is made again here.
  if (caller.kind === 'account') return ensureAccountUser(db, caller.userId);
  await admitGuest({
    db,
    userId: caller.userId,
    address: clientAddress(request.headers),
    guestsPerIp: getConfig().rateLimits.guestsPerIp,
  });
}

/**
 * Admits the caller, then counts the route's limits. When the caller's row exists (every request
 * but a new guest's first) that is one statement: the limits are counted only if it does.
 * Otherwise the caller is admitted first (a new guest's row made, counted against new guests
 * per address; an account's row made again), then counted.
 */
export async function admitAndCount(
  db: Db,
  caller: Caller,
  request: Request,
  limits: Limit[] | null,
): Promise<void> {
  if (limits && isUuid(caller.userId)) {
    if (await enforceLimits(db, limits, undefined, caller.userId)) return;
  }
  await admit(db, caller, request);
  if (limits) await enforceLimits(db, limits);
}
