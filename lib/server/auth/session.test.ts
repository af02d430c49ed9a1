import { describe, expect, it } from 'vitest';
import {
  isSecureRequest,
  SESSION_MAX_AGE_SECONDS,
  sessionCookieOptions,
  signSession,
  verifySession,
} from '@/lib/server/auth/session';

const secret = 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(11);
const otherSecret = 'z'.repeat(43);
const userId = crypto.randomUUID();

function b64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function parts(token: string): [string, string, string] {
  const [header, payload, signature] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined) {
    throw new Error(`not a JWS: ${token}`);
  }
  return [header, payload, signature];
}

describe('signSession / verifySession', () => {
  it('round-trips the user id', async () => {
    const token = await signSession(userId, secret);
    expect(await verifySession(token, secret)).toBe(userId);
  });

  it('issues tokens that last about a year', async () => {
    const token = await signSession(userId, secret);
    const payload = JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString('utf8'));
    expect(payload.sub).toBe(userId);
    expect(payload.exp - payload.iat).toBe(SESSION_MAX_AGE_SECONDS);
  });

  it('rejects a token whose sub was changed', async () => {
    const [header, payload, signature] = parts(await signSession(userId, secret));
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const victim = crypto.randomUUID();
    const forged = `${header}.${b64urlJson({ ...claims, sub: victim })}.${signature}`;
    expect(await verifySession(forged, secret)).toBeNull();
  });

  it('rejects a token signed with another secret', async () => {
    const token = await signSession(userId, otherSecret);
    expect(await verifySession(token, otherSecret)).toBe(userId);
    expect(await verifySession(token, secret)).toBeNull();
  });

  it('rejects an unsigned (alg: none) token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64urlJson({ alg: 'none' })}.${b64urlJson({ sub: userId, iat: now, exp: now + 60 })}.`;
    expect(await verifySession(token, secret)).toBeNull();
  });

  it.each(['', 'garbage', 'a.b.c', '...', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.c2ln'])(
    'returns null for malformed token %j',
    async (token) => {
      expect(await verifySession(token, secret)).toBeNull();
    },
  );

  it('returns null for a missing token', async () => {
    expect(await verifySession(undefined, secret)).toBeNull();
    expect(await verifySession(null, secret)).toBeNull();
  });

  it('returns null once expired', async () => {
    const issued = new Date('2024-01-01T00:00:00Z');
    const token = await signSession(userId, secret, { now: issued, maxAgeSeconds: 60 });
    expect(await verifySession(token, secret, { now: new Date('2024-01-01T00:00:30Z') })).toBe(
      userId,
    );
    expect(
      await verifySession(token, secret, { now: new Date('2024-01-01T00:02:00Z') }),
    ).toBeNull();
    // Without an injected clock, "now" is long past 2024-01-01T00:01.
    expect(await verifySession(token, secret)).toBeNull();
  });

  it('returns null when sub is not a uuid', async () => {
    const token = await signSession('not-a-uuid', secret);
    expect(await verifySession(token, secret)).toBeNull();
  });
});

describe('cookie settings', () => {
  it('is httpOnly, SameSite=Lax, Path=/, long-lived, Secure only when asked', () => {
    expect(sessionCookieOptions(false)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: false,
      maxAge: SESSION_MAX_AGE_SECONDS,
    });
    expect(sessionCookieOptions(true).secure).toBe(true);
  });

  it('treats a request as secure only when the proxy forwarded https', () => {
    const headers = (value: string | null) => ({ get: () => value });
    expect(isSecureRequest(headers('https'))).toBe(true);
    expect(isSecureRequest(headers('HTTPS, http'))).toBe(true);
    expect(isSecureRequest(headers('http'))).toBe(false);
    expect(isSecureRequest(headers(null))).toBe(false);
  });
});
