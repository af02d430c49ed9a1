import 'server-only';
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { cookies } from 'next/headers';
import { type Config, getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import { getOrCreateSecret, isUuid } from '@/lib/server/db/repository';

// Guest identity: a long-lived signed cookie whose `sub` is the user's uuid. No accounts, so
// the cookie *is* the identity; the signature is what stops one guest from reading another's
// conversations by editing it. The cookie is minted in one place only, proxy.ts, on a page
// navigation without a valid one; route handlers never mint (DELETE /api/me re-issues).

export const SESSION_COOKIE = 'parley_session';
export const SESSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SECRET_NAME = 'session_secret';
const ALGORITHM = 'HS256';

const encoder = new TextEncoder();

export interface SessionClaims {
  userId: string;
  /** Proof this browser entered an access code (lib/server/access/codes.ts), or null. */
  access: string | null;
}

export async function signSession(
  userId: string,
  secret: string,
  options: { now?: Date; maxAgeSeconds?: number; access?: string | null } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT(options.access ? { acc: options.access } : {})
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.maxAgeSeconds ?? SESSION_MAX_AGE_SECONDS))
    .sign(encoder.encode(secret));
}

/** The user id, or null for anything not signed by `secret`, expired, or malformed. */
export async function verifySession(
  token: string | null | undefined,
  secret: string,
  options: { now?: Date } = {},
): Promise<string | null> {
  return (await verifySessionClaims(token, secret, options))?.userId ?? null;
}

/** Everything a validly signed session says, or null (as verifySession). */
export async function verifySessionClaims(
  token: string | null | undefined,
  secret: string,
  options: { now?: Date } = {},
): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALGORITHM],
      currentDate: options.now,
    });
    if (typeof payload.sub !== 'string' || !isUuid(payload.sub)) return null;
    const access = typeof payload.acc === 'string' ? payload.acc : null;
    return { userId: payload.sub.toLowerCase(), access };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

const secretCache = new WeakMap<Db, Promise<string>>();

/**
 * SESSION_SECRET when set; otherwise a secret generated once and stored in app_secrets, so it
 * survives restarts and is shared by every instance using the same database.
 */
export function getSessionSecret(db: Db, config: Pick<Config, 'sessionSecret'>): Promise<string> {
  if (config.sessionSecret) return Promise.resolve(config.sessionSecret);
  let pending = secretCache.get(db);
  if (!pending) {
    pending = getOrCreateSecret(db, SECRET_NAME, generateSecret);
    secretCache.set(db, pending);
    pending.catch(() => secretCache.delete(db));
  }
  return pending;
}

export interface CookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  path: '/';
  secure: boolean;
  maxAge: number;
}

export function sessionCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: SESSION_MAX_AGE_SECONDS };
}

/**
 * A fresh signed guest cookie for `userId` (the user row is created on its first write);
 * `access` carries an entered access code over (see lib/server/access/codes.ts).
 */
export async function newSessionCookie(
  userId: string,
  secure: boolean,
  access: string | null = null,
): Promise<{ name: string; value: string; options: CookieOptions }> {
  const secret = await currentSecret();
  return {
    name: SESSION_COOKIE,
    value: await signSession(userId, secret, { access }),
    options: sessionCookieOptions(secure),
  };
}

/**
 * Served over https: the request URL says so (TLS ended in Node), or the TLS-terminating proxy in
 * front does (its forwarded scheme).
 */
export function isSecureRequest(
  headers: { get(name: string): string | null },
  url?: string,
): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === 'https';
  return url ? new URL(url).protocol === 'https:' : false;
}

export async function currentSecret(): Promise<string> {
  return getSessionSecret(await getDb(), getConfig());
}

/** The user id a cookie value names, if it carries a valid signature; never sets anything. */
export async function verifySessionCookie(
  token: string | null | undefined,
): Promise<string | null> {
  if (!token) return null;
  return verifySession(token, await currentSecret());
}

/** The claims of a cookie value with a valid signature, or null; never sets anything. */
export async function sessionClaimsOf(
  token: string | null | undefined,
): Promise<SessionClaims | null> {
  if (!token) return null;
  return verifySessionClaims(token, await currentSecret());
}

/** For server components and route handlers: verifies the cookie, never sets one. */
export async function readUserId(): Promise<string | null> {
  return verifySessionCookie((await cookies()).get(SESSION_COOKIE)?.value);
}
