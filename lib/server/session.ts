import 'server-only';
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { cookies, headers } from 'next/headers';
import { type Config, getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/database';
import type { Db } from '@/lib/server/db/types';
import { ensureUser, getOrCreateSecret, isUuid, userExists } from '@/lib/server/db/repository';

// Guest identity: a long-lived signed cookie whose `sub` is the user's uuid. No accounts, so
// the cookie *is* the identity; the signature is what stops one guest from reading another's
// conversations by editing it.

export const SESSION_COOKIE = 'parley_session';
export const SESSION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SECRET_NAME = 'session_secret';
const ALGORITHM = 'HS256';

const encoder = new TextEncoder();

export async function signSession(
  userId: string,
  secret: string,
  options: { now?: Date; maxAgeSeconds?: number } = {},
): Promise<string> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT({})
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
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALGORITHM],
      currentDate: options.now,
    });
    return typeof payload.sub === 'string' && isUuid(payload.sub)
      ? payload.sub.toLowerCase()
      : null;
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

/** The subset of Next's cookie store that resolving a user needs (fakeable in tests). */
export interface CookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: CookieOptions): unknown;
}

/**
 * Core of resolveUser: a valid cookie for an existing user → that user; anything else
 * (no cookie, bad signature, user gone) → a brand-new guest, with the cookie (re)issued.
 */
export async function resolveUserWith(deps: {
  db: Db;
  secret: string;
  cookies: CookieJar;
  secure: boolean;
}): Promise<{ userId: string; isNew: boolean }> {
  const current = await verifySession(deps.cookies.get(SESSION_COOKIE)?.value, deps.secret);
  if (current && (await userExists(deps.db, current))) {
    return { userId: current, isNew: false };
  }
  const userId = crypto.randomUUID();
  await ensureUser(deps.db, userId);
  deps.cookies.set(
    SESSION_COOKIE,
    await signSession(userId, deps.secret),
    sessionCookieOptions(deps.secure),
  );
  return { userId, isNew: true };
}

/** Behind a TLS-terminating proxy the request Next sees is http; trust its forwarded scheme. */
export function isSecureRequest(headers: { get(name: string): string | null }): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https';
}

/**
 * For route handlers and server actions (the only places Next lets us set cookies).
 * `secure` defaults to the forwarded scheme of the current request.
 */
export async function resolveUser(
  options: { secure?: boolean } = {},
): Promise<{ userId: string; isNew: boolean }> {
  const db = await getDb();
  const secret = await getSessionSecret(db, getConfig());
  const secure = options.secure ?? isSecureRequest(await headers());
  return resolveUserWith({ db, secret, cookies: await cookies(), secure });
}

/** For server components: verifies the cookie, never sets one. */
export async function readUserId(): Promise<string | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const db = await getDb();
  return verifySession(token, await getSessionSecret(db, getConfig()));
}
