import 'server-only';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { AppError, notFound } from '@/lib/server/errors';
import { failedAttempts } from '@/lib/server/limits/attempts';
import { mailLimits } from '@/lib/server/limits/counters';
import { enforceLimits } from '@/lib/server/limits/rate-limit';
import { getAuth } from './auth';
import { currentAccount } from './current';
import { authError, isWrongPassword } from './errors';
import { later, VERIFIED_PATH } from './mails';
import { passwordAccounts } from './options';
import { refuseNotAllowed } from './service';

// "Forgot password?" (a link by mail), choosing the new password with it, changing a password
// while signed in, and sending the verification link again. better-auth keeps the tokens: a
// reset token is a random single-use row that expires; a verification link is a signed,
// expiring token that verifies (and signs in) once.

function refuseWithoutMail(): void {
  if (passwordAccounts() !== 'mail') {
    throw notFound('Password reset needs e-mail, and this Parley sends none. Ask its owner.');
  }
}

export const FORGOT_MESSAGE =
  'Check your inbox: if an account uses this address, a link to choose a new password is on its way.';

/** The same answer, in the same time, whether the address has an account or not. */
export async function forgotPassword(
  db: Db,
  email: string,
  headers: Headers,
  address: string,
): Promise<void> {
  refuseWithoutMail();
  refuseNotAllowed(email);
  await enforceLimits(db, mailLimits(email, address));
  const auth = await getAuth();
  // After the answer: looking the address up, making the token and the mail.
  const copied = new Headers(headers);
  later('a password reset could not be started', () =>
    auth.api.requestPasswordReset({
      body: { email: email.trim().toLowerCase(), redirectTo: '/reset-password' },
      headers: copied,
    }),
  );
}

/** Every session of the account ends (revokeSessionsOnPasswordReset); the link works once. */
export async function resetPassword(
  token: string,
  password: string,
  headers: Headers,
): Promise<void> {
  refuseWithoutMail();
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password }, headers });
  } catch (error) {
    throw authError(error) ?? error;
  }
}

/**
 * Asks for the current password (wrong ones count like sign-in's); every other session of the
 * account ends, this browser gets a fresh one (the returned Set-Cookie headers).
 */
export async function changePassword(
  db: Db,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
  address: string,
): Promise<string[]> {
  const account = await currentAccount();
  if (!account) throw new AppError('unauthorized', 'Sign in to change your password.');
  const wrong = failedAttempts({
    db,
    key: `password-change:${account.userId}:${address}`,
    max: getConfig().access.wrongPasswordsPerIp,
    what: 'wrong passwords',
  });
  await wrong.check();
  const auth = await getAuth();
  try {
    const result = await auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (error) {
    const mapped = authError(error) ?? error;
    if (!isWrongPassword(mapped)) throw mapped;
    await wrong.fail();
    throw new AppError('bad_request', 'Your current password is not right.', {
      details: { reason: 'wrong_password' },
    });
  }
}

/** "Send the link again", for the signed-in account whose address is not verified yet. */
export async function resendVerification(db: Db, headers: Headers, address: string) {
  const account = await currentAccount();
  if (!account) throw new AppError('unauthorized', 'Sign in to confirm your address.');
  if (passwordAccounts() !== 'mail') {
    throw new AppError('bad_request', 'This Parley sends no mail: there is no link to send.');
  }
  if (account.emailVerified) {
    throw new AppError('bad_request', 'Your email address is already confirmed.');
  }
  await enforceLimits(db, mailLimits(account.email, address));
  const auth = await getAuth();
  try {
    await auth.api.sendVerificationEmail({
      body: { email: account.email, callbackURL: VERIFIED_PATH },
      headers,
    });
  } catch (error) {
    throw authError(error) ?? error;
  }
  return account.email;
}
