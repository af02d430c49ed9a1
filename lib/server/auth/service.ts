import 'server-only';
import { eq } from 'drizzle-orm';
import { authUsers } from '@/lib/db/schema';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { deleteAllData } from '@/lib/server/export/service';
import { failedAttempts } from '@/lib/server/http/attempts';
import { emailAllowed, NOT_ALLOWED_MESSAGE } from '@/lib/server/config/allowed-emails';
import { getAuth } from './auth';
import { currentAccount } from './current';
import { authError, isWrongPassword } from './errors';

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

function refuseNotAllowed(email: string) {
  if (!emailAllowed(getConfig().access.allowedEmails, email)) {
    throw new AppError('forbidden', NOT_ALLOWED_MESSAGE, {
      details: { reason: 'email_not_allowed' },
    });
  }
}

export async function signUp(input: Credentials, headers: Headers): Promise<Signed> {
  refuseNotAllowed(input.email);
  const auth = await getAuth();
  try {
    const result = await auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.name?.trim() || input.email.split('@')[0] || input.email,
      },
      headers,
      returnHeaders: true,
    });
    const { email, name } = result.response.user;
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
