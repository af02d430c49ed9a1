import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/server/db/client';
import {
  type FirstTurn,
  getActiveLeafId,
  getConversation,
  insertFirstTurn,
  listMessages,
  liveGenerations,
  newFirstTurn,
} from '@/lib/server/db/repository';
import { createTestUser, withTestDatabase } from '@/lib/server/db/testing';

// A new conversation's first turn is saved in one statement (repository/first-turn.ts): what the
// separate statements saved before, and nothing at all when it fails.

let db: Db;
withTestDatabase((handle) => {
  db = handle.db;
});

function firstTurn(userId: string, conversationId = crypto.randomUUID()): FirstTurn {
  return newFirstTurn({
    conversation: {
      id: conversationId,
      userId,
      title: 'A "quoted" title',
      model: 'mock-model',
      provider: 'default',
      settings: { tools: ['calculator'], temperature: 0.5 },
      assistant: null,
    },
    content: 'hello',
    model: 'mock-model',
    leaseMs: 20_000,
  });
}

describe(`a first turn in one statement (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('saves the conversation, the question before the answer shown, and the claim', async () => {
    const userId = await createTestUser(db);
    const turn = firstTurn(userId);
    const saved = await insertFirstTurn(db, turn);
    const id = turn.conversation.id;

    expect(await getConversation(db, { userId, conversationId: id })).toEqual(saved.conversation);
    expect(saved.conversation).toMatchObject({
      title: 'A "quoted" title',
      model: 'mock-model',
      settings: { tools: ['calculator'], temperature: 0.5 },
    });
    const messages = await listMessages(db, { conversationId: id });
    expect(messages.map((m) => [m.id, m.role, m.status])).toEqual([
      [turn.question.id, 'user', 'complete'],
      [turn.answer.id, 'assistant', 'streaming'],
    ]);
    expect(messages).toEqual([saved.question, saved.answer]);
    expect(saved.answer.parentId).toBe(turn.question.id);
    expect(await getActiveLeafId(db, { conversationId: id })).toBe(turn.answer.id);
    const live = await liveGenerations(db, id);
    expect(live.map((g) => [g.id, g.messageId])).toEqual([[turn.claim.id, turn.answer.id]]);
  });

  it('saves nothing when any part fails', async () => {
    const userId = await createTestUser(db);
    const first = firstTurn(userId);
    await insertFirstTurn(db, first);
    // The same conversation id again: its insert fails, so the messages and claim are not kept.
    const again = firstTurn(userId, first.conversation.id);
    await expect(insertFirstTurn(db, again)).rejects.toThrow();
    const messages = await listMessages(db, { conversationId: first.conversation.id });
    expect(messages.map((m) => m.id)).toEqual([first.question.id, first.answer.id]);
    const live = await liveGenerations(db, first.conversation.id);
    expect(live.map((g) => g.id)).toEqual([first.claim.id]);
  });
});
