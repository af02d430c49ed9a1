import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shares } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/client';
import {
  createConversation,
  createConversationWithMessages,
  createShare,
  deleteConversation,
  getActiveShare,
  getActiveShareForConversation,
  getConversation,
  listActiveShares,
  listMessages,
  revokeShare,
  updateShareSnapshot,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import type { ShareSnapshot } from '@/lib/share/types';
import { newShareId } from './share-id';

let db: Db;

withTestDatabase(async (opened) => {
  db = opened.db;
});

const newUser = () => createTestUser(db);

function snapshot(title: string, messages = 0): ShareSnapshot {
  return {
    version: 1,
    title,
    model: 'm',
    conversationCreatedAt: new Date().toISOString(),
    takenAt: new Date().toISOString(),
    indexable: false,
    messages: Array.from({ length: messages }, (_, i) => ({
      id: `s${i}`,
      parentId: i ? `s${i - 1}` : null,
      role: i % 2 ? 'assistant' : 'user',
      content: `message ${i}`,
      reasoning: null,
      refusal: null,
      toolCalls: null,
      toolCallId: null,
      status: 'complete',
      finishReason: null,
      usage: null,
      model: null,
      error: null,
      reasoningMs: null,
      toolRun: null,
      createdAt: new Date().toISOString(),
    })),
  };
}

async function sharedConversation(userId: string, title = 'T') {
  const conversation = await createConversation(db, { userId, title });
  const share = await createShare(db, {
    id: newShareId(),
    userId,
    conversationId: conversation.id,
    snapshot: snapshot(title, 2),
  });
  return { conversation, share };
}

describe('shares repository', () => {
  it('creates a share readable by id, and finds it from its conversation for the owner only', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { conversation, share } = await sharedConversation(owner, 'Hello');
    expect((await getActiveShare(db, share.id))?.snapshot.title).toBe('Hello');
    expect(
      (await getActiveShareForConversation(db, { userId: owner, conversationId: conversation.id }))
        ?.id,
    ).toBe(share.id);
    expect(
      await getActiveShareForConversation(db, { userId: other, conversationId: conversation.id }),
    ).toBeNull();
    expect(await getActiveShare(db, newShareId())).toBeNull();
  });

  it('lists only the user’s active shares, newest update first, without messages', async () => {
    const owner = await newUser();
    const a = await sharedConversation(owner, 'A');
    const b = await sharedConversation(owner, 'B');
    await sharedConversation(await newUser(), 'someone else');
    await new Promise((r) => setTimeout(r, 5));
    await updateShareSnapshot(db, {
      shareId: a.share.id,
      userId: owner,
      snapshot: snapshot('A2', 4),
    });
    const list = await listActiveShares(db, { userId: owner });
    expect(list.map((s) => [s.id, s.title, s.questions, s.answers])).toEqual([
      [a.share.id, 'A2', 2, 2],
      [b.share.id, 'B', 1, 1],
    ]);
    expect(list[0]).not.toHaveProperty('snapshot');
  });

  it('lets only the owner update or revoke, and a revoked share is gone with its content', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { share } = await sharedConversation(owner);
    expect(
      await updateShareSnapshot(db, { shareId: share.id, userId: other, snapshot: snapshot('x') }),
    ).toBeNull();
    expect(await revokeShare(db, { shareId: share.id, userId: other })).toBe(false);
    expect(await getActiveShare(db, share.id)).not.toBeNull();

    expect(await revokeShare(db, { shareId: share.id, userId: owner })).toBe(true);
    expect(await revokeShare(db, { shareId: share.id, userId: owner })).toBe(false);
    expect(await getActiveShare(db, share.id)).toBeNull();
    expect(
      await updateShareSnapshot(db, { shareId: share.id, userId: owner, snapshot: snapshot('y') }),
    ).toBeNull();
    expect(await listActiveShares(db, { userId: owner })).toEqual([]);
    const [row] = await db.select().from(shares).where(eq(shares.id, share.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row?.snapshot)).not.toContain('message 0');
  });

  it('deleting a conversation deletes its shares', async () => {
    const owner = await newUser();
    const { conversation, share } = await sharedConversation(owner);
    expect(await deleteConversation(db, { userId: owner, conversationId: conversation.id })).toBe(
      true,
    );
    expect(await getActiveShare(db, share.id)).toBeNull();
    expect(await db.select().from(shares).where(eq(shares.id, share.id))).toEqual([]);
  });

  it('creates a conversation with its messages in order, atomically', async () => {
    const owner = await newUser();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const conversation = await createConversationWithMessages(db, {
      conversation: { id: crypto.randomUUID(), userId: owner, title: 'Fork', model: 'm' },
      messages: ids.map((id, i) => ({
        id,
        parentId: i ? ids[i - 1] : null,
        role: i === 1 ? 'assistant' : 'user',
        content: `m${i}`,
        status: 'complete',
      })),
    });
    const saved = await listMessages(db, { conversationId: conversation.id });
    expect(saved.map((m) => [m.id, m.parentId, m.content])).toEqual([
      [ids[0], null, 'm0'],
      [ids[1], ids[0], 'm1'],
      [ids[2], ids[1], 'm2'],
    ]);

    // A failing message (duplicate id) rolls the whole conversation back.
    const failedId = crypto.randomUUID();
    await expect(
      createConversationWithMessages(db, {
        conversation: { id: failedId, userId: owner, title: 'Broken', model: null },
        messages: [{ id: ids[0], role: 'user', content: 'dup', status: 'complete' }],
      }),
    ).rejects.toThrow();
    expect(await getConversation(db, { userId: owner, conversationId: failedId })).toBeNull();
  });
});
