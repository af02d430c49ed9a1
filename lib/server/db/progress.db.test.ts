import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/server/db/client';
import {
  createConversation,
  insertMessage,
  listMessages,
  saveMessageProgress,
  settleLostGenerations,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';

let db: Db;

withTestDatabase(async (opened) => {
  db = opened.db;
});

describe(`an answer's progress (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('is saved without being read back, and is what an abandoned answer keeps', async () => {
    const conversation = await createConversation(db, { userId: await createTestUser(db) });
    const answer = await insertMessage(db, {
      conversationId: conversation.id,
      role: 'assistant',
      status: 'streaming',
    });
    const text = 'x'.repeat(20_000);
    expect(
      await saveMessageProgress(db, answer.id, {
        content: text,
        reasoning: 'why',
        usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
      }),
    ).toBeUndefined();
    const [saved] = await listMessages(db, { conversationId: conversation.id });
    expect(saved).toMatchObject({ status: 'streaming', content: text, reasoning: 'why' });
    expect(saved?.usage?.total_tokens).toBe(3);

    // No live turn holds it: recovery settles it with the text saved so far.
    expect(await settleLostGenerations(db, { conversationId: conversation.id })).toBe(1);
    const [settled] = await listMessages(db, { conversationId: conversation.id });
    expect(settled).toMatchObject({ status: 'interrupted', content: text });
  });

  it('ignores an id that is not a UUID', async () => {
    await expect(saveMessageProgress(db, 'nope', { content: 'a' })).resolves.toBeUndefined();
  });
});
