import { scrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authAccounts, authSessions, conversations, users } from '@/lib/db/schema';
import type { DbHandle } from '@/lib/server/db/client';
import {
  createConversation,
  ensureUser,
  insertAssistant,
  listAssistants,
} from '@/lib/server/db/repository';
import { withTestDatabase } from '@/lib/server/db/testing';
import { type Auth, createAuth } from './auth';
import { mergeGuestInto } from './merge';

let handle: DbHandle;
let auth: Auth;

withTestDatabase(async (opened) => {
  handle = opened;
  auth = createAuth(handle.db, 'x'.repeat(43), false);
});

// The app always passes the request's headers (its host is the base URL).
const headers = new Headers({ host: '127.0.0.1:3000' });

const scryptKey = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    // better-auth's parameters: N = 2^14, r = 16, p = 1, 64 bytes (about 16 MiB of memory).
    scrypt(
      password.normalize('NFKC'),
      salt,
      64,
      { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

describe('accounts in the database', () => {
  it('stores passwords as salted scrypt hashes (same password, different hashes)', async () => {
    const password = 'same password for both';
    const ids: string[] = [];
    for (const email of ['one@example.com', 'two@example.com']) {
      const { user } = await auth.api.signUpEmail({
        body: { email, password, name: email },
        headers,
      });
      ids.push(user.id);
    }
    const rows = await handle.db
      .select({ userId: authAccounts.userId, password: authAccounts.password })
      .from(authAccounts);
    const hashes = ids.map((id) => rows.find((r) => r.userId === id)?.password ?? '');
    expect(hashes[0]).not.toBe(hashes[1]);
    for (const hash of hashes) {
      expect(hash).not.toContain(password);
      const [salt, key] = hash.split(':');
      expect(salt).toMatch(/^[0-9a-f]{32}$/);
      expect((await scryptKey(password, salt ?? '')).toString('hex')).toBe(key);
      expect((await scryptKey('another password', salt ?? '')).toString('hex')).not.toBe(key);
    }
    // Each account is also a Parley user (conversations hang off users.id).
    const parley = await handle.db
      .select()
      .from(users)
      .where(eq(users.id, ids[0] ?? ''));
    expect(parley[0]?.kind).toBe('account');
    // Sessions are rows: revocable on the server.
    expect((await handle.db.select().from(authSessions)).length).toBeGreaterThanOrEqual(2);
  });

  it("moves a guest's conversations and assistants into an account once, and never merges an account", async () => {
    const guest = crypto.randomUUID();
    await ensureUser(handle.db, guest);
    await createConversation(handle.db, { userId: guest, title: 'first' });
    await createConversation(handle.db, { userId: guest, title: 'second' });
    const helper = await insertAssistant(handle.db, {
      userId: guest,
      values: {
        name: 'Helper',
        description: '',
        avatar: '',
        systemPrompt: 'Help.',
        provider: null,
        model: null,
        settings: {},
        tools: null,
        starters: [],
        files: [],
        fileTexts: {},
      },
    });
    const { user } = await auth.api.signUpEmail({
      body: { email: 'merge@example.com', password: 'a long password', name: 'M' },
      headers,
    });
    expect(await mergeGuestInto(handle.db, guest, user.id)).toBe(2);
    expect(await mergeGuestInto(handle.db, guest, user.id)).toBe(0);
    const mine = await handle.db
      .select({ title: conversations.title })
      .from(conversations)
      .where(eq(conversations.userId, user.id));
    expect(mine.map((c) => c.title).sort()).toEqual(['first', 'second']);
    expect((await listAssistants(handle.db, user.id)).map((a) => a.id)).toEqual([helper.id]);
    expect(await listAssistants(handle.db, guest)).toEqual([]);
    expect(await handle.db.select().from(users).where(eq(users.id, guest))).toEqual([]);

    const other = await auth.api.signUpEmail({
      body: { email: 'other@example.com', password: 'a long password', name: 'O' },
      headers,
    });
    expect(await mergeGuestInto(handle.db, user.id, other.user.id)).toBe(0);
    expect(
      (await handle.db.select().from(conversations).where(eq(conversations.userId, user.id)))
        .length,
    ).toBe(2);
  });
});
