import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/lib/chat/types';
import { provisionalTitle } from '@/lib/chat/title-text';
import type { Db } from '@/lib/server/db/client';
import {
  createConversation,
  ensureUser,
  getConversation,
  insertMessage,
  renameConversation,
} from '@/lib/server/db/repository';
import { withTestDatabase } from '@/lib/server/db/testing';
import type { Upstream } from '@/lib/server/upstream/types';
import { titleAfterFirstTurn } from './title';

let db: Db;
let userId: string;

withTestDatabase(async (opened) => {
  db = opened.db;
  userId = crypto.randomUUID();
  await ensureUser(db, userId);
});

function upstreamSaying(title: string) {
  let calls = 0;
  const upstream: Upstream = {
    kind: 'remote',
    listModels: async () => [],
    chatCompletions: async () => {
      calls++;
      return Response.json({
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [
          { index: 0, message: { role: 'assistant', content: title }, finish_reason: 'stop' },
        ],
      });
    },
  };
  return { upstream, calls: () => calls };
}

/** A conversation after one exchange, as launchTurn sees it. */
async function firstExchange(question: string, status: ChatMessage['status'] = 'complete') {
  const conversation = await createConversation(db, { userId, title: provisionalTitle(question) });
  const user = await insertMessage(db, {
    conversationId: conversation.id,
    role: 'user',
    content: question,
    status: 'complete',
  });
  const answer = await insertMessage(db, {
    conversationId: conversation.id,
    parentId: user.id,
    role: 'assistant',
    content: 'An answer.',
    status,
  });
  return { conversation, branch: [user], turn: [answer] };
}

const titleOf = async (id: string) =>
  (await getConversation(db, { userId, conversationId: id }))?.title;

describe('titleAfterFirstTurn', () => {
  it('replaces the provisional title after the first exchange', async () => {
    const { conversation, branch, turn } = await firstExchange('how do I   bake bread at home?');
    const { upstream, calls } = upstreamSaying('Title: "Home Bread Baking."');
    const saved = await titleAfterFirstTurn({
      db,
      upstream,
      model: 'm',
      conversationId: conversation.id,
      branch,
      turn,
    });
    expect(saved).toBe(true);
    expect(calls()).toBe(1);
    expect(await titleOf(conversation.id)).toBe('Home Bread Baking');
  });

  it('keeps a title the user chose meanwhile', async () => {
    const { conversation, branch, turn } = await firstExchange('what is a monad?');
    await renameConversation(db, { userId, conversationId: conversation.id, title: 'Mine' });
    const { upstream } = upstreamSaying('Monads Explained');
    expect(
      await titleAfterFirstTurn({
        db,
        upstream,
        model: 'm',
        conversationId: conversation.id,
        branch,
        turn,
      }),
    ).toBe(false);
    expect(await titleOf(conversation.id)).toBe('Mine');
  });

  it('does not ask after a later turn or a failed answer', async () => {
    const later = await firstExchange('first question');
    const second = await insertMessage(db, {
      conversationId: later.conversation.id,
      parentId: later.turn[0]?.id ?? null,
      role: 'user',
      content: 'second question',
      status: 'complete',
    });
    const failed = await firstExchange('question that failed', 'error');
    const { upstream, calls } = upstreamSaying('Should Not Appear');
    for (const o of [{ ...later, branch: [...later.branch, ...later.turn, second] }, failed]) {
      expect(
        await titleAfterFirstTurn({
          db,
          upstream,
          model: 'm',
          conversationId: o.conversation.id,
          branch: o.branch,
          turn: o.turn,
        }),
      ).toBe(false);
    }
    expect(calls()).toBe(0);
    expect(await titleOf(later.conversation.id)).toBe('first question');
    expect(await titleOf(failed.conversation.id)).toBe('question that failed');
  });
});
