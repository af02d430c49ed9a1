import 'server-only';
import { cookies, headers } from 'next/headers';
import { eq } from 'drizzle-orm';
import { authSessions } from '@/lib/db/schema';
import { getConfig } from '@/lib/server/config';
import { AppError } from '@/lib/server/errors';
import { SESSION_COOKIE, verifySessionCookie } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/database';
import { accountDisabled, userExists } from '@/lib/server/db/repository';
import { emailAllowed } from '@/lib/server/config/allowed-emails';
import { AUTH_COOKIE_PREFIX, getAuth } from './auth';
import { mergeGuestInto } from './merge';
import { disabledError } from './disabled';
import { guestSessionsWork } from '@/lib/server/access/guests';

export { DISABLED_MESSAGE } from './disabled';

// Who is asking: a signed-in account (better-auth's session, looked up in the database on every
// request, so a revoked session ends at once on every instance) or else the guest named by the
// signed parley_session cookie. With ALLOW_GUESTS=false a guest is nobody.

export type CallerKind = 'guest' | 'account';

export interface Caller {
  userId: string;
  kind: CallerKind;
  /** ALLOWED_EMAILS is set and this account has not verified its address: it may not chat. */
  unverified?: true;
}

export interface AccountInfo {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

interface SessionAccount extends AccountInfo {
  sessionId: string;
  disabled: boolean;
}

export const UNVERIFIED_MESSAGE =
  'Confirm your email address first: open the link we sent you, or send the link again from your account page.';

export function removedMessage(email: string): string {
  return `You have been signed out: ${email} is no longer on this Parley's list of allowed addresses. Your conversations are kept; ask its owner to add the address again.`;
}

const AUTH_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;

function hasAuthCookie(names: string[]): boolean {
  return names.some((n) => n === AUTH_COOKIE || n === `__Secure-${AUTH_COOKIE}`);
}

const cookieNames = (header: string | null) =>
  (header ?? '').split(';').map((part) => part.split('=')[0]?.trim() ?? '');

/**
 * The session's account whatever the allow-list says (no database work without a cookie), with
 * whether an admin disabled it. `requestHeaders` where next/headers cannot be read (proxy.ts).
 */
async function sessionAccount(requestHeaders?: Headers): Promise<SessionAccount | null> {
  const h = requestHeaders ?? (await headers());
  if (!hasAuthCookie(cookieNames(h.get('cookie')))) return null;
  const auth = await getAuth(h);
  const session = await auth.api.getSession({
    headers: h,
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!session) return null;
  const { id, email, name, emailVerified } = session.user;
  const disabled = await accountDisabled(await getDb(), id);
  return { userId: id, email, name, emailVerified, sessionId: session.session.id, disabled };
}

/**
 * The signed-in account the allow-list names and no admin disabled, or null; changes nothing.
 * For the admin check in proxy.ts, which has the request's headers only.
 */
export async function activeAccount(requestHeaders?: Headers): Promise<AccountInfo | null> {
  const found = await sessionAccount(requestHeaders);
  if (!found || found.disabled || !allowed(found.email)) return null;
  const { sessionId: _, disabled: __, ...account } = found;
  return account;
}

const allowed = (email: string) => emailAllowed(getConfig().access.allowedEmails, email);

/** ALLOWED_EMAILS is set and the address is not proven yet. */
export function needsVerification(account: AccountInfo): boolean {
  return getConfig().access.allowedEmails.length > 0 && !account.emailVerified;
}

/**
 * The signed-in account, or null. An account whose address the allow-list no longer names is
 * signed out here when `signOut` (this browser's session ends; pages leave that to the API, which
 * can say why), and `removed` says whose it was.
 */
export async function accountState(signOut = true): Promise<{
  account: AccountInfo | null;
  removed: string | null;
  /** An admin disabled the account: its session has just ended. */
  disabled?: true;
}> {
  const found = await sessionAccount();
  if (!found) return { account: null, removed: null };
  const { sessionId, disabled, ...account } = found;
  if (disabled) {
    // Disabled by an admin: this session ends now, whichever route or page it reached.
    await (await getDb()).delete(authSessions).where(eq(authSessions.id, sessionId));
    return { account: null, removed: null, disabled: true };
  }
  if (allowed(account.email)) return { account, removed: null };
  if (!signOut) return { account: null, removed: account.email };
  const db = await getDb();
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
  return { account: null, removed: account.email };
}

/** The signed-in account the allow-list names, or null; signs nobody out (see accountState). */
export async function currentAccount(): Promise<AccountInfo | null> {
  return (await accountState(false)).account;
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

/**
 * Every request checks the account against ALLOWED_EMAILS as it is now: one the list no longer
 * names is signed out with a sentence saying so (401); one not verified yet is marked, and the
 * guard refuses it everything but its own account.
 */
export async function currentCaller(signOut = true): Promise<Caller | null> {
  const { account, removed, disabled } = await accountState(signOut);
  if (disabled) throw disabledError();
  if (removed && !signOut) return null;
  if (removed) {
    throw new AppError('unauthorized', removedMessage(removed), {
      details: { reason: 'email_not_allowed' },
    });
  }
  if (account && needsVerification(account)) {
    return { userId: account.userId, kind: 'account', unverified: true };
  }
  if (account) {
    await claimGuest(account.userId);
    return { userId: account.userId, kind: 'account' };
  }
  if (!(await guestSessionsWork())) return null;
  const guest = await currentGuestId();
  return guest ? { userId: guest, kind: 'guest' } : null;
}
