import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { currentAccount } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import { AppError } from '@/lib/server/errors';
import { currentSecret, SESSION_COOKIE, sessionClaimsOf } from '@/lib/server/auth/session';
import { tagAdmits } from './codes';
import { guestSessionsWork } from './guests';

// The access-code check shared by proxy.ts (pages) and the route guard (API routes).

export function accessCodesEnabled(): boolean {
  return getConfig().access.codes.length > 0;
}

/** Whether this session cookie value has entered a configured code (always, without codes). */
export async function cookieHasAccess(token: string | null | undefined): Promise<boolean> {
  const { codes } = getConfig().access;
  if (codes.length === 0) return true;
  const claims = await sessionClaimsOf(token);
  return tagAdmits(codes, await currentSecret(), claims?.access ?? null);
}

/** The access tag the caller's session carries (to keep it when the cookie is re-issued). */
export async function currentAccessTag(): Promise<string | null> {
  const claims = await sessionClaimsOf((await cookies()).get(SESSION_COOKIE)?.value);
  return claims?.access ?? null;
}

/** For the route guard: refuses (401 access_required) a caller that has not entered a code. */
export async function requireAccessCode(): Promise<void> {
  if (!accessCodesEnabled()) return;
  if (await cookieHasAccess((await cookies()).get(SESSION_COOKIE)?.value)) return;
  throw new AppError(
    'access_required',
    'This Parley needs an access code. Reload the page to enter it.',
  );
}

/**
 * For the chat pages: proxy.ts already sends a browser without a code to the gate, but it does
 * not see router prefetches, so pages with data check again; and without guests, to sign in.
 */
export async function requirePageAccess(): Promise<void> {
  if (
    accessCodesEnabled() &&
    !(await cookieHasAccess((await cookies()).get(SESSION_COOKIE)?.value))
  ) {
    redirect('/access');
  }
  // ALLOW_GUESTS=false (unless an admin let guests in): an account first.
  if (!(await guestSessionsWork()) && !(await currentAccount())) redirect('/sign-in');
}
