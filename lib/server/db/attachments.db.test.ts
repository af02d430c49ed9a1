import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, conversations } from '@/lib/db/schema';
import { createDb } from '@/lib/server/db/client';
import {
  createConversation,
  DELETED_RETENTION_MS,
  deleteUserAttachments,
  insertAttachment,
  softDeleteConversation,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import type { Db } from '@/lib/server/db/types';

// Attachment rows whose bytes are in a bucket (S3 storage): every clean-up that deletes rows must
// hand back their object keys, or the objects would outlive them.

let db: Db;

const testDb = withTestDatabase(async (opened) => {
  db = opened.db;
});

function file(userId: string, conversationId: string | null, key: string | null) {
  return insertAttachment(db, {
    id: crypto.randomUUID(),
    userId,
    conversationId,
    name: `${key ?? 'row'}.png`,
    mediaType: 'image/png',
    kind: 'image',
    size: 3,
    data: key ? null : new Uint8Array([1, 2, 3]),
    storageKey: key,
  });
}

async function ids(from: Db = db): Promise<string[]> {
  return (await from.select({ id: attachments.id }).from(attachments)).map((r) => r.id);
}

describe('attachment clean-up with bucket storage', () => {
  it('keeps bytes in exactly one place', async () => {
    const userId = await createTestUser(db);
    await expect(file(userId, null, null)).resolves.toBeTruthy();
    await expect(
      insertAttachment(db, {
        id: crypto.randomUUID(),
        userId,
        name: 'both.png',
        mediaType: 'image/png',
        kind: 'image',
        size: 3,
        data: new Uint8Array([1]),
        storageKey: 'attachments/both',
      }),
    ).rejects.toThrow();
  });

  it('opening the database purges old uploads and purged conversations, reporting their keys', async () => {
    const userId = await createTestUser(db);
    const purged = await createConversation(db, { userId, title: 'old' });
    const recent = await createConversation(db, { userId, title: 'recent' });
    const inPurged = await file(userId, purged.id, 'attachments/purged');
    const inPurgedRow = await file(userId, purged.id, null);
    const inRecent = await file(userId, recent.id, 'attachments/recent');
    const staleUpload = await file(userId, null, 'attachments/stale');
    const freshUpload = await file(userId, null, 'attachments/fresh');
    await softDeleteConversation(db, { userId, conversationId: purged.id });
    await softDeleteConversation(db, { userId, conversationId: recent.id });
    await db
      .update(conversations)
      .set({ deletedAt: new Date(Date.now() - DELETED_RETENTION_MS - 60_000) })
      .where(eq(conversations.id, purged.id));
    await db
      .update(attachments)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(attachments.id, staleUpload.id));

    const deleted: string[] = [];
    const second = await createDb({
      ...testDb.options,
      onDeletedObjects: async (keys) => {
        deleted.push(...keys);
      },
    });
    expect(deleted.sort()).toEqual(['attachments/purged', 'attachments/stale']);
    // Read through the handle that purged: a second PGlite handle does not see another's writes.
    const left = await ids(second.db);
    await second.close();
    for (const gone of [inPurged, inPurgedRow, staleUpload]) expect(left).not.toContain(gone.id);
    // A recently deleted conversation can still be restored: its files stay.
    for (const kept of [inRecent, freshUpload]) expect(left).toContain(kept.id);
  });

  it('"delete my data" deletes every file of the user and returns the bucket keys', async () => {
    const userId = await createTestUser(db);
    const other = await createTestUser(db);
    const conversation = await createConversation(db, { userId, title: 'mine' });
    await file(userId, conversation.id, 'attachments/mine');
    await file(userId, null, null);
    const theirs = await file(other, null, 'attachments/theirs');
    expect(await deleteUserAttachments(db, userId)).toEqual(['attachments/mine']);
    expect(await deleteUserAttachments(db, 'not-a-uuid')).toEqual([]);
    expect(await ids()).toContain(theirs.id);
  });
});
