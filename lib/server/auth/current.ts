import 'server-only';
import { cookies, headers } from 'next/headers';
import { getConfig } from '@/lib/server/config';
import { SESSION_COOKIE, verifySessionCookie } from '@/lib/server/session';
import { getDb } from '@/lib/server/database';
import { userExists } from '@/lib/server/db/repository';
import { AUTH_COOKIE_PREFIX, getAuth } from './auth';
import { mergeGuestInto } from './merge';

// Who is asking: a signed-in account (better-auth's session, looked up in the database on every
// request, so a revoked session ends at once on every instance) or else the guest named by the
// signed parley_session cookie. With ALLOW_GUESTS=false a guest is nobody.

export type CallerKind = 'guest' | 'account';

export interface Caller {
  userId: string;
  kind: CallerKind;
}

export interface AccountInfo {
  userId: string;
  email: string;
  name: string;
}

const AUTH_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

function hasAuthCookie(names: string[]): boolean {
  return names.some((n) => n === AUTH_COOKIE || n === `__Secure-${AUTH_COOKIE}`);
}

/** The signed-in account, or null (no database work without an account cookie). */
export async function currentAccount(): Promise<AccountInfo | null> {
  const jar = await cookies();
  if (!hasAuthCookie(jar.getAll().map((c) => c.name))) return null;
  const auth = await getAuth();
  const session = await auth.api.getSession({
    headers: await headers(),
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!session) return null;
  return { userId: session.user.id, email: session.user.email, name: session.user.name };
}

/**
 * The guest this browser was moves into the account here, at the first request that carries
 * both the guest cookie and the account's session: proof the browser kept the account's cookie.
 * Signing in itself moves nothing, so a browser that drops the cookie (a `Secure` one over http)
 * loses nothing. Every way of signing in (password, OpenID Connect, GitHub) comes through here.
 * After the move the guest row is gone, so later requests cost one primary-key lookup.
 */
async function claimGuest(accountId: string): Promise<void> {
  const guestId = await currentGuestId();
  if (!guestId || guestId === accountId) return;
  const db = await getDb();
  if (await userExists(db, guestId)) await mergeGuestInto(db, guestId, accountId);
}

/** The guest id of the signed parley_session cookie, whether guests are allowed or not. */
export async function currentGuestId(): Promise<string | null> {
  return verifySessionCookie((await cookies()).get(SESSION_COOKIE)?.value);
}

export async function currentCaller(): Promise<Caller | null> {
  const account = await currentAccount();
  if (account) {
    await claimGuest(account.userId);
    return { userId: account.userId, kind: 'account' };
  }
  if (!getConfig().access.allowGuests) return null;
  const guest = await currentGuestId();
  return guest ? { userId: guest, kind: 'guest' } : null;
}
