import 'server-only';
import { createHmac } from 'node:crypto';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { headers } from 'next/headers';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { accountDisabled } from '@/lib/server/db/repository';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { authAccounts, authSessions, authUsers, authVerifications, users } from '@/lib/db/schema';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import { log } from '@/lib/server/log';
import { getSessionSecret, isSecureRequest } from '@/lib/server/auth/session';
import { canSendMail } from '@/lib/server/mail/send';
import { emailAllowed, NOT_ALLOWED_MESSAGE } from '@/lib/server/config/allowed-emails';
import {
  mailExistingAccount,
  mailResetLink,
  mailVerificationLink,
  RESET_MINUTES,
  VERIFY_HOURS,
} from './mails';
import { markVerified } from './verified';
import { DISABLED_MESSAGE } from './disabled';

// Accounts through better-auth with its Drizzle adapter, on Parley's own database: users,
// sessions (server-side rows, so they can be revoked everywhere at once) and password hashes
// (better-auth's scrypt: salted and slow) are PostgreSQL rows, nothing in process memory.
// An account's id is a uuid and is also its Parley user id (users.id).

export const AUTH_COOKIE_PREFIX = 'parley';

type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions['user']>['validateUserInfo']>;

export const UNVERIFIED_SSO_MESSAGE =
  'Your sign-in provider has not verified this email address. Verify it there, then sign in again.';

/**
 * `secure`: the request came over https. Its session cookie is then `__Secure-parley.…; Secure`;
 * over plain http (localhost, a LAN name) a browser would drop that, so there it is
 * `parley.…` without `Secure`. One instance of each per database (getAuth picks by request).
 */
export function createAuth(db: Db, secret: string, secure: boolean) {
  const { allowedEmails, sso } = getConfig().access;
  const oidc = sso.find((p) => p.id === 'oidc');
  const github = sso.find((p) => p.id === 'github');
  return betterAuth({
    appName: 'Parley',
    // Derived, so one SESSION_SECRET (or the generated one) is all there is to configure.
    secret: createHmac('sha256', secret).update('parley-accounts').digest('base64url'),
    basePath: '/api/auth',
    // Parley runs under whatever host it is given; single sign-on providers only redirect back
    // to the callback URLs registered with them, so the request's own host is used.
    baseURL: { allowedHosts: ['*'], protocol: 'auto' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    ...mailOptions(db, canSendMail()),
    socialProviders: github
      ? { github: { clientId: github.clientId, clientSecret: github.clientSecret } }
      : {},
    plugins: oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                name: oidc.name,
                clientId: oidc.clientId,
                clientSecret: oidc.clientSecret,
                discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
              },
            ],
          }),
        ]
      : [],
    user: { validateUserInfo: admitUserInfo(allowedEmails) },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Parley counts wrong passwords itself, in its own rate_limits table (lib/server/auth/).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: secure,
      database: { generateId: () => crypto.randomUUID() },
    },
    // A guest's conversations move into the account only once the browser shows it holds the
    // account's cookie (lib/server/auth/current.ts), never when the session is created: a
    // browser that drops the cookie must not lose them.
    databaseHooks: {
      // Every way of signing in makes a session: none for an account an admin disabled.
      session: { create: { before: refuseDisabled(db) } },
      user: {
        create: {
          // The account's Parley user, so conversations can belong to it.
          after: async (user) => {
            await db.insert(users).values({ id: user.id, kind: 'account' }).onConflictDoNothing();
          },
        },
      },
    },
    // A provider's verified address never links to an account whose own address is unproven
    // (better-auth's default, `requireLocalEmailVerified`): a password someone set for that
    // address without the mailbox cannot take over the provider's sign-in. The owner proves the
    // mailbox with "forgot password" first (onPasswordReset above), which ends those sessions.
    account: { accountLinking: { requireLocalEmailVerified: true } },
    telemetry: { enabled: false },
    // Into Parley's structured log (LOG_LEVEL applies); a wrong password is no warning.
    logger: {
      log: (level, message) => {
        if (level === 'error') log.error({ source: 'better-auth' }, message);
        else log.debug({ source: 'better-auth', level }, message);
      },
    },
  });
}

function refuseDisabled(db: Db) {
  return async (session: { userId: string }) => {
    if (await accountDisabled(db, session.userId)) {
      throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: DISABLED_MESSAGE });
    }
  };
}

/** Password accounts and, when mail can be sent, their verification and reset links. */
function mailOptions(db: Db, mail: boolean) {
  return {
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      // With mail, sign-up answers "check your inbox" for every address (a new one gets the
      // verification link, a known one a mail saying it has an account) and signs nobody in:
      // the answer cannot tell who has an account. Without mail, accounts work as before.
      autoSignIn: !mail,
      onExistingUserSignUp: async ({ user }) => mailExistingAccount(user.email),
      ...(mail
        ? { sendResetPassword: async ({ user, token }) => mailResetLink(user.email, token) }
        : {}),
      resetPasswordTokenExpiresIn: RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the mailbox: the address is proven too.
      onPasswordReset: async ({ user }) => markVerified(db, user.id),
    },
    emailVerification: mail
      ? {
          sendOnSignUp: true,
          autoSignInAfterVerification: true,
          expiresIn: VERIFY_HOURS * 60 * 60,
          sendVerificationEmail: async ({ user, token }) => mailVerificationLink(user.email, token),
        }
      : undefined,
  } satisfies Partial<BetterAuthOptions>;
}

/**
 * A provider's address counts only when the provider says it verified it (GitHub: the
 * verified primary address): an unproven address gets no account and links to none.
 */
function admitUserInfo(allowedEmails: readonly string[]): ValidateUserInfo {
  return ({ user, source }) => {
    if (source.method !== 'email-password' && user.emailVerified !== true) {
      return { error: 'email_not_verified', errorDescription: UNVERIFIED_SSO_MESSAGE };
    }
    return emailAllowed(allowedEmails, user.email)
      ? undefined
      : { error: 'email_not_allowed', errorDescription: NOT_ALLOWED_MESSAGE };
  };
}

export type Auth = ReturnType<typeof createAuth>;

const cache = new WeakMap<Db, Map<boolean, Promise<Auth>>>();

/**
 * The better-auth instance of this process's database for this request's connection: https or
 * plain http (created on first use).
 */
export async function getAuth(requestHeaders?: Headers): Promise<Auth> {
  const secure = isSecureRequest(requestHeaders ?? (await headers()));
  const db = await getDb();
  const byScheme = cache.get(db) ?? new Map<boolean, Promise<Auth>>();
  cache.set(db, byScheme);
  let pending = byScheme.get(secure);
  if (!pending) {
    pending = getSessionSecret(db, getConfig()).then((secret) => createAuth(db, secret, secure));
    byScheme.set(secure, pending);
    pending.catch(() => byScheme.delete(secure));
  }
  return pending;
}
