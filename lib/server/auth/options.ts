import 'server-only';
import { getConfig } from '@/lib/server/config';
import type { SsoProvider } from '@/lib/server/config/sso';

export function ssoProviders(): SsoProvider[] {
  return getConfig().access.sso;
}

/** What the sign-in dialog offers (single sign-on buttons only when configured). */
export function signInOptions() {
  return {
    guestsAllowed: getConfig().access.allowGuests,
    providers: ssoProviders().map(({ id, name }) => ({ id, name })),
  };
}
