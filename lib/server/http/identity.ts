import 'server-only';
import { cookies } from 'next/headers';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { SESSION_COOKIE, verifySessionCookie } from '@/lib/server/session';
import { admitGuest } from './admit';
import { clientAddress } from './client-address';

// Who is asking. Today that is a guest named by the signed session cookie proxy.ts minted on a
// page load. This is the one place where an access-control layer (access codes, accounts)
// plugs in: `identify` would read its credential, `admit` would refuse who is not let in.

/** The caller's user id from a validly signed cookie, or null. Never sets a cookie. */
export async function identify(): Promise<string | null> {
  return verifySessionCookie((await cookies()).get(SESSION_COOKIE)?.value);
}

/** Before a state-changing request acts: a new guest's row is created here (rate-limited). */
export async function admit(db: Db, userId: string, request: Request): Promise<void> {
  await admitGuest({
    db,
    userId,
    address: clientAddress(request.headers),
    guestsPerIp: getConfig().rateLimits.guestsPerIp,
  });
}
