import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, getDb } from '@/lib/server/db/database';
import { createConversation, ensureUser, getConversation } from '@/lib/server/db/repository';

// getDb() is configured from the environment; point it at a temp PGlite folder. (Against
// DATABASE_URL it would migrate the shared admin database, so this file always uses PGlite.)
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'parley-getdb-'));
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('PGLITE_DIR', path.join(root, 'nested', 'pglite'));
});

afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe('getDb', () => {
  it('opens one shared, migrated database in PGLITE_DIR (creating the folder)', async () => {
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect(existsSync(path.join(root, 'nested', 'pglite'))).toBe(true);

    const userId = crypto.randomUUID();
    await ensureUser(a, userId);
    const conversation = await createConversation(a, { userId, title: 'persisted' });

    await closeDb();
    const reopened = await getDb();
    expect(reopened).not.toBe(a);
    expect(await getConversation(reopened, { userId, conversationId: conversation.id })).toEqual(
      conversation,
    );
  });
});
