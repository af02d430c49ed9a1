import 'server-only';
import { type Caller, currentCaller } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { ensureAccountUser } from '@/lib/server/db/repository';
import { admitGuest } from './admit';
import { clientAddress } from './client-address';

// Who is asking: a signed-in account, or a guest named by the signed session cookie proxy.ts
// minted on a page load (lib/server/auth/current.ts). Access codes are checked before this, by
// the guard (lib/server/access/gate.ts); `admit` refuses who may not act.

/** The caller, or null without a valid session (or a guest when ALLOW_GUESTS=false). */
export function identify(): Promise<Caller | null> {
  return currentCaller();
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
