import 'server-only';
import { getConfig } from '@/lib/server/config';

/** What the sign-in dialog offers (single sign-on buttons only when configured). */
export function signInOptions() {
  return { guestsAllowed: getConfig().access.allowGuests, providers: [] as string[] };
}
