import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSecrets, users } from '@/lib/db/schema';
import type { Db, DbHandle } from '@/lib/server/db/client';
import { userExists } from '@/lib/server/db/repository';
import { withTestDatabase } from '@/lib/server/db/testing';
import type { AppError } from '@/lib/server/errors';
import { admitGuest } from '@/lib/server/http/admit';
import { getSessionSecret, signSession, verifySession } from '@/lib/server/auth/session';

let handle: DbHandle;
let db: Db;

const testDb = withTestDatabase(async (opened) => {
  handle = opened;
  db = handle.db;
});

describe(`session secret (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('uses SESSION_SECRET when configured, without storing anything', async () => {
    const configured = 's'.repeat(40);
    expect(await getSessionSecret(db, { sessionSecret: configured })).toBe(configured);
    expect(await db.select().from(appSecrets)).toEqual([]);
  });

  it('otherwise generates one secret, stores it, and returns it to concurrent callers', async () => {
    const [a, b] = await Promise.all([
      getSessionSecret(db, { sessionSecret: null }),
      getSessionSecret(db, { sessionSecret: null }),
    ]);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b).toBe(a);
    const rows = await db.select().from(appSecrets);
    expect(rows.map((r) => r.value)).toEqual([a]);
  });

  it('survives a restart: a reopened database yields the same stored secret', async () => {
    const before = await getSessionSecret(db, { sessionSecret: null });
    const token = await signSession(crypto.randomUUID(), before);
    // PGlite allows one instance per folder, so restart for real: close, then reopen.
    await handle.close();
    handle = await testDb.open();
    db = handle.db;
    // A fresh handle is a fresh cache key, so this really reads the database.
    const after = await getSessionSecret(db, { sessionSecret: null });
    expect(after).toBe(before);
    expect(await verifySession(token, after)).not.toBeNull();
  });
});

describe('admitGuest', () => {
  const address = () => `10.0.0.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;

  it('creates the user row once, even for parallel first requests', async () => {
    const userId = crypto.randomUUID();
    const ip = address();
    await Promise.all(
      Array.from({ length: 5 }, () => admitGuest({ db, userId, address: ip, guestsPerIp: 10 })),
    );
    const rows = await db.select().from(users).where(eq(users.id, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind).toBe('guest');
  });

  it('limits new guests per address, not returning ones', async () => {
    const ip = address();
    const now = new Date('2026-01-01T10:00:00Z');
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await admitGuest({ db, userId: first, address: ip, guestsPerIp: 2, now });
    await admitGuest({ db, userId: second, address: ip, guestsPerIp: 2, now });
    const third = crypto.randomUUID();
    const refused = await admitGuest({ db, userId: third, address: ip, guestsPerIp: 2, now }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429 });
    expect((refused as AppError).headers?.['retry-after']).toBe('3600');
    expect(await userExists(db, third)).toBe(false);
    // A guest that already exists is never limited.
    await admitGuest({ db, userId: first, address: ip, guestsPerIp: 2, now });
    // Another address has its own count; the next hour starts over.
    await admitGuest({ db, userId: third, address: address(), guestsPerIp: 2, now });
    expect(await userExists(db, third)).toBe(true);
    const later = new Date('2026-01-01T11:00:00Z');
    await admitGuest({ db, userId: crypto.randomUUID(), address: ip, guestsPerIp: 2, now: later });
  });
});

describe('cookies', () => {
  it('a tampered or foreign-signed cookie names nobody', async () => {
    const secret = 'k'.repeat(43);
    const victim = crypto.randomUUID();
    const token = await signSession(victim, secret);
    const [header, , signature] = token.split('.');
    const now = Math.floor(Date.now() / 1000);
    const forged = Buffer.from(JSON.stringify({ sub: victim, iat: now, exp: now + 3600 })).toString(
      'base64url',
    );
    expect(await verifySession(`${header}.${forged}.${signature}`, secret)).toBeNull();
    expect(await verifySession(await signSession(victim, 'f'.repeat(43)), secret)).toBeNull();
    expect(await verifySession(token, secret)).toBe(victim);
  });
});
