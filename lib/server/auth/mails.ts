import 'server-only';
import { headers } from 'next/headers';
import { after } from 'next/server';
import { getConfig } from '@/lib/server/config';
import { originOf } from '@/lib/server/auth/return-path';
import { log } from '@/lib/server/log';
import { existingAccountMail, resetMail, verificationMail } from '@/lib/server/mail/messages';
import { type OutgoingMail, sendMail } from '@/lib/server/mail/send';

// The account mails better-auth asks for (lib/server/auth/auth.ts), with links on this
// deployment's own origin. They are sent after the answer (Next's `after`, which Vercel keeps
// alive for it): a request that sends a mail and one that does not take the same time, so
// neither sign-up nor "forgot password" tells whether an address has an account.

export const VERIFY_HOURS = 24;
export const RESET_MINUTES = 60;
/** Where a verification link lands (the account page says "verified" or what went wrong). */
export const VERIFIED_PATH = '/account?verified=1';

/** APP_URL when set, else the origin the request was addressed to (its Host was checked). */
export async function linkOrigin(): Promise<string> {
  return getConfig().hosts.appUrl ?? originOf(await headers());
}

/**
 * Runs `task` after the answer has gone (Vercel keeps the function alive for it); a failure is
 * logged under `what`. Outside a request (a script) it runs at once, unawaited.
 */
export function later(what: string, task: () => Promise<unknown>): void {
  const run = () =>
    task().catch((error: unknown) => {
      log.error({ reason: error instanceof Error ? error.message : String(error) }, what);
    });
  try {
    after(run);
  } catch {
    void run();
  }
}

function sendLater(mail: OutgoingMail): void {
  later(`an account mail could not be sent (${mail.subject})`, () => sendMail(mail));
}

export async function mailVerificationLink(to: string, token: string): Promise<void> {
  const origin = await linkOrigin();
  const query = new URLSearchParams({ token, callbackURL: VERIFIED_PATH });
  sendLater(verificationMail(to, `${origin}/api/auth/verify-email?${query}`, VERIFY_HOURS));
}

export async function mailResetLink(to: string, token: string): Promise<void> {
  const origin = await linkOrigin();
  const query = new URLSearchParams({ token });
  sendLater(resetMail(to, `${origin}/reset-password?${query}`, RESET_MINUTES));
}

export async function mailExistingAccount(to: string): Promise<void> {
  const origin = await linkOrigin();
  sendLater(existingAccountMail(to, `${origin}/sign-in`, `${origin}/forgot-password`));
}
