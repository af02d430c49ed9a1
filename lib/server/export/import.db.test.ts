import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/client';
import {
  createConversation,
  deleteUserData,
  getActiveLeafId,
  getConversation,
  insertImportedConversation,
  insertMessage,
  listMessages,
  listStreamingMessageIds,
  userExists,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import { planImport } from './import-plan';

let db: Db;

withTestDatabase(async (opened) => {
  db = opened.db;
});

const newUser = () => createTestUser(db);

describe(`import and delete-all storage (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stores a long imported chain in order across insert batches, parents first', async () => {
    const userId = await newUser();
    const count = 450; // more than two batches
    const [planned] = planImport({
      format: 'parley.conversation',
      version: 1,
      conversation: { title: 'Long', createdAt: '2024-01-02T03:04:05.000Z' },
      messages: Array.from({ length: count }, (_, i) => ({
        id: `m${i}`,
        parentId: i === 0 ? null : `m${i - 1}`,
        role: i % 2 ? 'assistant' : 'user',
        content: `message ${i}`,
        createdAt: new Date(Date.UTC(2024, 0, 2, 3, 4, 5) + i * 1000).toISOString(),
      })),
    });
    if (!planned) throw new Error('nothing planned');
    const conversation = await insertImportedConversation(db, { userId, ...planned });
    expect(conversation.title).toBe('Long (imported)');
    expect(conversation.createdAt).toBe('2024-01-02T03:04:05.000Z');

    const stored = await listMessages(db, { conversationId: conversation.id });
    expect(stored.map((m) => m.content)).toEqual(
      Array.from({ length: count }, (_, i) => `message ${i}`),
    );
    expect(stored.map((m) => m.id)).toEqual(planned.messages.map((m) => m.id));
    expect(stored[1]?.parentId).toBe(stored[0]?.id);
    expect(stored.at(-1)?.parentId).toBe(stored.at(-2)?.id);
    expect(stored[3]?.createdAt).toBe('2024-01-02T03:04:08.000Z');
    expect(await getActiveLeafId(db, { conversationId: conversation.id })).toBe(stored.at(-1)?.id);
  });

  it('imports all or nothing', async () => {
    const userId = await newUser();
    const [planned] = planImport({
      format: 'parley.conversation',
      version: 1,
      conversation: { title: 'Broken' },
      messages: [{ id: 'a', role: 'user', content: 'x' }],
    });
    if (!planned) throw new Error('nothing planned');
    // A duplicate id (never produced by planImport) makes the second row fail.
    const [first] = planned.messages;
    const broken = { ...planned, messages: [...planned.messages, { ...first, parentId: null }] };
    await expect(
      insertImportedConversation(db, { userId, ...(broken as typeof planned) }),
    ).rejects.toThrow();
    const rows = await db.select().from(conversations).where(eq(conversations.userId, userId));
    expect(rows).toEqual([]);
  });

  it('deletes the user with every conversation and message, and nobody else’s', async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = await createConversation(db, { userId: me, title: 'mine' });
    const live = await insertMessage(db, {
      conversationId: mine.id,
      role: 'assistant',
      status: 'streaming',
    });
    const theirs = await createConversation(db, { userId: other, title: 'theirs' });
    await insertMessage(db, { conversationId: theirs.id, role: 'user', status: 'complete' });

    expect(await listStreamingMessageIds(db, me)).toEqual([live.id]);
    expect(await deleteUserData(db, me)).toEqual({ conversations: 1 });
    expect(await userExists(db, me)).toBe(false);
    expect(await getConversation(db, { userId: me, conversationId: mine.id })).toBeNull();
    expect(await listMessages(db, { conversationId: mine.id })).toEqual([]);
    expect(await getConversation(db, { userId: other, conversationId: theirs.id })).not.toBeNull();
    expect(await listMessages(db, { conversationId: theirs.id })).toHaveLength(1);
    expect(await deleteUserData(db, 'not-a-uuid')).toEqual({ conversations: 0 });
  });
});
