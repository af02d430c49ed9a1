import 'server-only';
import { eq } from 'drizzle-orm';
import { authAccounts } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { accountState, needsVerification, removedMessage } from './current';
import { signInOptions } from './options';
import { isAdminAccount } from '@/lib/server/admin/identity';

// GET /api/account: who is signed in (address, whether it is confirmed, how they sign in), the
// ways to sign in this Parley offers, and, once, why this browser was signed out.

export type SignInMethod = 'password' | 'oidc' | 'github';

async function methodsOf(db: Db, userId: string): Promise<SignInMethod[]> {
  const rows = await db
    .select({ provider: authAccounts.providerId })
    .from(authAccounts)
    .where(eq(authAccounts.userId, userId));
  const methods = rows.map(({ provider }) => (provider === 'credential' ? 'password' : provider));
  return [...new Set(methods)].filter(
    (m): m is SignInMethod => m === 'password' || m === 'oidc' || m === 'github',
  );
}

export async function accountStatus(db: Db) {
  const { account, removed } = await accountState();
  return {
    account: account
      ? {
          email: account.email,
          name: account.name,
          emailVerified: account.emailVerified,
          /** ALLOWED_EMAILS is set: it cannot chat until the address is confirmed. */
          mustVerify: needsVerification(account),
          methods: await methodsOf(db, account.userId),
        }
      : null,
    notice: removed ? removedMessage(removed) : null,
    /** May open /admin (ADMIN_EMAILS, verified where addresses can be); false for guests. */
    admin: account ? isAdminAccount(account) : false,
    ...signInOptions(),
  };
}
