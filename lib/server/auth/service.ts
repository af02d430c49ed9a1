import 'server-only';
import { eq } from 'drizzle-orm';
import { authUsers } from '@/lib/db/schema';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { deleteAllData } from '@/lib/server/export/service';
import { failedAttempts } from '@/lib/server/limits/attempts';
import { mailLimits } from '@/lib/server/limits/counters';
import { enforceLimits } from '@/lib/server/limits/rate-limit';
import { emailAllowed, NOT_ALLOWED_MESSAGE } from '@/lib/server/config/allowed-emails';
import { getAuth } from './auth';
import { currentAccount } from './current';
import { authError, isWrongPassword } from './errors';
import { later, VERIFIED_PATH } from './mails';
import { PASSWORDS_OFF_MESSAGE, passwordAccounts } from './options';

// What the account routes do (app/api/account/*), with better-auth doing the accounts and
// sessions. Each returns the Set-Cookie headers better-auth produced, for the route to send.

export interface Credentials {
  email: string;
  password: string;
  name?: string;
}

interface Signed {
  cookies: string[];
  account: { email: string; name: string };
}

/** With mail, sign-up signs nobody in and answers the same for every address. */
export type SignedUp = Signed | { checkInbox: true; email: string };

export function refusePasswordsOff(): void {
  if (passwordAccounts() === 'off') {
    throw new AppError('forbidden', PASSWORDS_OFF_MESSAGE, { details: { reason: 'sso_only' } });
  }
}

export function refuseNotAllowed(email: string) {
  if (!emailAllowed(getConfig().access.allowedEmails, email)) {
    throw new AppError('forbidden', NOT_ALLOWED_MESSAGE, {
      details: { reason: 'email_not_allowed' },
    });
  }
}

/** better-auth's own bounds, checked before anything is done (same words). */
function checkPassword(password: string): void {
  if (password.length < 8)
    throw new AppError('bad_request', 'Use a password of at least 8 characters.');
  if (password.length > 256)
    throw new AppError('bad_request', 'Use a password of at most 256 characters.');
}

/**
 * Without mail (and without ALLOWED_EMAILS) the account is made and signed in at once, as
 * before. With mail the answer is "check your inbox" for every address, given before anything
 * depends on whether it has an account: the account (and its verification mail), or the mail
 * saying it already exists, is made after the answer has gone, so neither the answer nor its
 * time tells the two apart.
 */
export async function signUp(
  db: Db,
  input: Credentials,
  headers: Headers,
  address: string,
): Promise<SignedUp> {
  refusePasswordsOff();
  refuseNotAllowed(input.email);
  const email = input.email.trim().toLowerCase();
  const body = {
    email,
    password: input.password,
    name: input.name?.trim() || email.split('@')[0] || email,
    callbackURL: VERIFIED_PATH,
  };
  const auth = await getAuth();
  if (passwordAccounts() === 'mail') {
    checkPassword(input.password);
    await enforceLimits(db, mailLimits(email, address));
    const copied = new Headers(headers);
    later('a sign-up could not be completed', () =>
      auth.api.signUpEmail({ body, headers: copied }),
    );
    return { checkInbox: true, email };
  }
  try {
    const result = await auth.api.signUpEmail({ body, headers, returnHeaders: true });
    const { name } = result.response.user;
    return { cookies: result.headers.getSetCookie(), account: { email, name } };
  } catch (error) {
    throw authError(error) ?? error;
  }
}

/**
 * Wrong passwords are counted per email *and* address together, so guesses from elsewhere never
 * lock the owner out; an address also has a ceiling over all emails, ten times as high, so it
 * cannot try a few passwords on every account (README "Security": lock-out).
 */
export async function signIn(
  db: Db,
  input: Credentials,
  headers: Headers,
  address: string,
): Promise<Signed> {
  const max = getConfig().access.wrongPasswordsPerIp;
  const what = 'wrong passwords';
  const email = input.email.trim().toLowerCase();
  const limits = [
    failedAttempts({ db, key: `sign-in:email-ip:${address}:${email}`, max, what }),
    failedAttempts({ db, key: `sign-in:ip:${address}`, max: max * 10, what }),
  ];
  for (const limit of limits) await limit.check();
  refusePasswordsOff();
  refuseNotAllowed(email);
  const auth = await getAuth();
  try {
    const result = await auth.api.signInEmail({
      body: { email, password: input.password },
      headers,
      returnHeaders: true,
    });
    const { name } = result.response.user;
    return { cookies: result.headers.getSetCookie(), account: { email, name } };
  } catch (error) {
    const mapped = authError(error) ?? error;
    if (isWrongPassword(mapped)) for (const limit of limits) await limit.fail();
    throw mapped;
  }
}

export async function signOut(headers: Headers, everywhere: boolean): Promise<string[]> {
  // A guest has nothing to sign out of: no cookie is touched.
  if (!(await currentAccount())) return [];
  const auth = await getAuth();
  try {
    if (everywhere) await auth.api.revokeSessions({ headers });
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    throw authError(error) ?? error;
  }
}

/** Conversations, links (revoked: their rows go), files, sessions and the account itself. */
export async function deleteAccount(db: Db): Promise<number> {
  const account = await currentAccount();
  if (!account) throw new AppError('unauthorized', 'Sign in to delete your account.');
  const { deletedConversations } = await deleteAllData(account.userId);
  // Sessions and sign-in methods go with the account (foreign keys, on delete cascade).
  await db.delete(authUsers).where(eq(authUsers.id, account.userId));
  return deletedConversations;
}
