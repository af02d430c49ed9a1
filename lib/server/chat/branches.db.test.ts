import { describe, expect, it } from 'vitest';
import type { ChatMessage, Role } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import {
  createConversation,
  deleteConversation,
  ensureUser,
  getActiveLeafId,
  getConversation,
  insertMessage,
  listMessages,
  setActiveLeaf,
} from '@/lib/server/db/repository';
import { withTestDatabase } from '@/lib/server/db/testing';
import { activeBranch, branchInfo } from './history';

let db: Db;

withTestDatabase(async (opened) => {
  db = opened.db;
});

async function newConversation() {
  const userId = crypto.randomUUID();
  await ensureUser(db, userId);
  return { userId, conversation: await createConversation(db, { userId, title: 't' }) };
}

describe(`branches in the database (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stores the chosen message without touching updated_at, and survives a stale id', async () => {
    const { userId, conversation } = await newConversation();
    const conversationId = conversation.id;
    expect(await getActiveLeafId(db, { conversationId })).toBeNull();

    const u1 = await insertMessage(db, { conversationId, role: 'user', status: 'complete' });
    await setActiveLeaf(db, { conversationId, messageId: u1.id });
    expect(await getActiveLeafId(db, { conversationId })).toBe(u1.id);
    const after = await getConversation(db, { userId, conversationId });
    expect(after?.updatedAt).toBe(conversation.updatedAt);

    // Not a foreign key: an id that matches nothing just falls back to the newest leaf.
    const stale = crypto.randomUUID();
    await setActiveLeaf(db, { conversationId, messageId: stale });
    const messages = await listMessages(db, { conversationId });
    expect(activeBranch(messages, await getActiveLeafId(db, { conversationId }))).toEqual([u1]);

    expect(await deleteConversation(db, { userId, conversationId })).toBe(true);
    expect(await listMessages(db, { conversationId })).toEqual([]);
  });

  it('keeps every row of an edited and regenerated conversation, in insertion order', async () => {
    const { conversation } = await newConversation();
    const conversationId = conversation.id;
    const add = async (role: Role, parent: ChatMessage | null, content: string) => {
      const m = await insertMessage(db, {
        conversationId,
        parentId: parent?.id ?? null,
        role,
        content,
        status: 'complete',
      });
      await setActiveLeaf(db, { conversationId, messageId: m.id });
      return m;
    };
    const u1 = await add('user', null, 'first');
    const a1 = await add('assistant', u1, 'answer 1');
    const u2 = await add('user', a1, 'second');
    await add('assistant', u2, 'answer 2');
    const u1b = await add('user', null, 'first, edited'); // an edit of the first message
    await add('assistant', u1b, 'answer 1b');
    const a1c = await add('assistant', u1b, 'answer 1b again'); // a regenerate

    const rows = await listMessages(db, { conversationId });
    expect(rows.map((m) => m.content)).toEqual([
      'first',
      'answer 1',
      'second',
      'answer 2',
      'first, edited',
      'answer 1b',
      'answer 1b again',
    ]);
    const chosen = await getActiveLeafId(db, { conversationId });
    const shown = activeBranch(rows, chosen);
    expect(shown.map((m) => m.id)).toEqual([u1b.id, a1c.id]);
    expect(branchInfo(rows, shown)[u1b.id]).toEqual({
      index: 1,
      count: 2,
      siblingIds: [u1.id, u1b.id],
    });
    // Back to the first version: the old branch comes back exactly.
    await setActiveLeaf(db, { conversationId, messageId: u1.id });
    expect(
      activeBranch(rows, await getActiveLeafId(db, { conversationId })).map((m) => m.content),
    ).toEqual(['first', 'answer 1', 'second', 'answer 2']);
  });
});
