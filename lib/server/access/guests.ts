import 'server-only';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import { getSetting } from '@/lib/server/db/repository';

// Guests at run time: an admin's choice (app_settings `guests_allowed`, the same for every
// instance) overrides ALLOW_GUESTS until it is cleared.
//  - no choice: ALLOW_GUESTS decides, as before;
//  - true: guests are welcome (new ones too), whatever ALLOW_GUESTS says;
//  - false: no NEW guest is created; guests that already exist keep working.

export const GUESTS_SETTING = 'guests_allowed';

export interface GuestsSetting {
  allowed: boolean;
  source: 'env' | 'admin';
}

async function choice(db?: Db): Promise<boolean | null> {
  const value = await getSetting(db ?? (await getDb()), GUESTS_SETTING);
  return typeof value === 'boolean' ? value : null;
}

export async function guestsSetting(db?: Db): Promise<GuestsSetting> {
  const chosen = await choice(db);
  return chosen === null
    ? { allowed: getConfig().access.allowGuests, source: 'env' }
    : { allowed: chosen, source: 'admin' };
}

/** May a new guest be created now (its first state-changing request)? */
export async function newGuestsAllowed(db?: Db): Promise<boolean> {
  return (await guestsSetting(db)).allowed;
}

/** Does an existing guest's session count (as a caller) at all? */
export async function guestSessionsWork(db?: Db): Promise<boolean> {
  if (getConfig().access.allowGuests) return true;
  return (await choice(db)) === true;
}
