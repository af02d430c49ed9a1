import 'server-only';
import { getConfig } from '@/lib/server/config';
import { canSendMail } from '@/lib/server/mail/send';
import type { SsoProvider } from '@/lib/server/config/sso';

export function ssoProviders(): SsoProvider[] {
  return getConfig().access.sso;
}

/**
 * How password accounts work here. `mail`: addresses are verified by a link (required when
 * ALLOWED_EMAILS is set), "forgot password" is offered, sign-up never tells who has an account.
 * `no-mail`: accounts work unverified, without reset. `off`: ALLOWED_EMAILS is set and no mail can
 * prove an address, so only single sign-on signs in (startup.ts says so at start).
 */
export type PasswordAccounts = 'mail' | 'no-mail' | 'off';

export function passwordAccounts(): PasswordAccounts {
  if (canSendMail()) return 'mail';
  return getConfig().access.allowedEmails.length > 0 ? 'off' : 'no-mail';
}

export const PASSWORDS_OFF_MESSAGE =
  'This Parley signs in with single sign-on only: password accounts need e-mail to prove an address, and it sends none.';

/** What the sign-in dialog offers (single sign-on buttons only when configured). */
export function signInOptions() {
  const passwords = passwordAccounts();
  return {
    guestsAllowed: getConfig().access.allowGuests,
    providers: ssoProviders().map(({ id, name }) => ({ id, name })),
    passwordAccounts: passwords !== 'off',
    passwordReset: passwords === 'mail',
  };
}
