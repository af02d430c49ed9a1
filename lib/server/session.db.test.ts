import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, users } from '@/lib/db/schema';
import type { Db, DbHandle } from '@/lib/server/db/client';
import { createConversation, ensureUser, getConversation } from '@/lib/server/db/repository';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import {
  type CookieJar,
  type CookieOptions,
  getSessionSecret,
  resolveUserWith,
  SESSION_COOKIE,
  signSession,
  verifySession,
} from '@/lib/server/session';

class FakeJar implements CookieJar {
  readonly store = new Map<string, string>();
  readonly writes: { name: string; value: string; options: CookieOptions }[] = [];
  constructor(initial?: string) {
    if (initial !== undefined) this.store.set(SESSION_COOKIE, initial);
  }
  get(name: string) {
    const value = this.store.get(name);
    return value === undefined ? undefined : { value };
  }
  set(name: string, value: string, options: CookieOptions) {
    this.store.set(name, value);
    this.writes.push({ name, value, options });
  }
}

let testDb: TestDatabase;
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await testDb.open();
  db = handle.db;
});

afterAll(async () => {
  await testDb?.destroy();
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

describe('resolveUserWith', () => {
  const secret = 'k'.repeat(43);

  it('creates a guest and sets a long-lived httpOnly cookie when there is none', async () => {
    const jar = new FakeJar();
    const { userId, isNew } = await resolveUserWith({ db, secret, cookies: jar, secure: true });
    expect(isNew).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row?.kind).toBe('guest');
    expect(jar.writes).toHaveLength(1);
    expect(jar.writes[0]).toMatchObject({
      name: SESSION_COOKIE,
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true },
    });
    expect(await verifySession(jar.writes[0]?.value, secret)).toBe(userId);
  });

  it('returns the same guest for a valid cookie and does not rewrite it', async () => {
    const first = new FakeJar();
    const { userId } = await resolveUserWith({ db, secret, cookies: first, secure: false });
    const again = new FakeJar(first.store.get(SESSION_COOKIE));
    expect(await resolveUserWith({ db, secret, cookies: again, secure: false })).toEqual({
      userId,
      isNew: false,
    });
    expect(again.writes).toEqual([]);
  });

  it('gives a tampered cookie a fresh guest with no access to the original data', async () => {
    const victimJar = new FakeJar();
    const victim = await resolveUserWith({ db, secret, cookies: victimJar, secure: false });
    const conversation = await createConversation(db, { userId: victim.userId, title: 'mine' });

    const attacker = await resolveUserWith({ db, secret, cookies: new FakeJar(), secure: false });
    const token = victimJar.store.get(SESSION_COOKIE) ?? '';
    const [header, , signature] = token.split('.');
    const now = Math.floor(Date.now() / 1000);
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: victim.userId, iat: now, exp: now + 3600, by: attacker.userId }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    expect(await verifySession(tampered, secret)).toBeNull();

    const jar = new FakeJar(tampered);
    const fresh = await resolveUserWith({ db, secret, cookies: jar, secure: false });
    expect(fresh.isNew).toBe(true);
    expect(fresh.userId).not.toBe(victim.userId);
    expect(jar.store.get(SESSION_COOKIE)).not.toBe(tampered);
    expect(
      await getConversation(db, { userId: fresh.userId, conversationId: conversation.id }),
    ).toBeNull();
    expect(
      await getConversation(db, { userId: victim.userId, conversationId: conversation.id }),
    ).not.toBeNull();
  });

  it('gives a cookie signed with another secret a fresh guest', async () => {
    const userId = crypto.randomUUID();
    await ensureUser(db, userId);
    const foreign = await signSession(userId, 'f'.repeat(43));
    const result = await resolveUserWith({
      db,
      secret,
      cookies: new FakeJar(foreign),
      secure: false,
    });
    expect(result.isNew).toBe(true);
    expect(result.userId).not.toBe(userId);
  });

  it('gives a validly signed cookie for a user that no longer exists a fresh guest', async () => {
    const ghost = crypto.randomUUID();
    const token = await signSession(ghost, secret);
    const result = await resolveUserWith({
      db,
      secret,
      cookies: new FakeJar(token),
      secure: false,
    });
    expect(result.isNew).toBe(true);
    expect(result.userId).not.toBe(ghost);
  });
});
