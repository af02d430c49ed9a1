import { describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { blankMessage } from '@/lib/chat/blank-message';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import { addVersion, withFinishedTurn } from './conversations';

const msg = (id: string, role: ChatMessage['role'], content = id) =>
  blankMessage({ id, conversationId: 'c1', role, content });
const conversation: Conversation = {
  id: 'c1',
  title: 'Old',
  model: 'm',
  settings: {},
  createdAt: '',
  updatedAt: '',
};
const detail: ConversationDetail = {
  conversation,
  messages: [msg('u0', 'user'), msg('a0', 'assistant')],
};

describe('a finished turn entering the cache', () => {
  it('appends the saved turn and takes the conversation as the turn saw it', () => {
    const saved = [msg('u1', 'user'), msg('a1', 'assistant')];
    const next = withFinishedTurn(detail, {
      conversationId: 'c1',
      conversation: { ...conversation, model: 'other' },
      saved,
      replaces: null,
      newVersionId: null,
    });
    expect(next.messages.map((m) => m.id)).toEqual(['u0', 'a0', 'u1', 'a1']);
    expect(next.conversation.model).toBe('other');
  });

  it('replaces a retried answer and counts the new version without a refetch', () => {
    const next = withFinishedTurn(detail, {
      conversationId: 'c1',
      conversation: null,
      saved: [msg('a1', 'assistant')],
      replaces: 'a0',
      newVersionId: 'a1',
    });
    expect(next.messages.map((m) => m.id)).toEqual(['u0', 'a1']);
    expect(next.branches?.a1).toEqual({ index: 1, count: 2, siblingIds: ['a0', 'a1'] });
  });

  it('adds a third version after the ones already known', () => {
    const branches = {
      a1: { index: 1, count: 2, siblingIds: ['a0', 'a1'] },
      u0: { index: 0, count: 1, siblingIds: ['u0'] },
    };
    const next = addVersion(branches, 'a1', 'a2');
    expect(next.a2).toEqual({ index: 2, count: 3, siblingIds: ['a0', 'a1', 'a2'] });
    expect(next.a0).toEqual({ index: 0, count: 3, siblingIds: ['a0', 'a1', 'a2'] });
    expect(next.u0).toBe(branches.u0);
  });

  it('builds the conversation of a new chat from its first turn', () => {
    const next = withFinishedTurn(undefined, {
      conversationId: 'c2',
      conversation: null,
      saved: [msg('u1', 'user', 'Hello there'), msg('a1', 'assistant')],
      replaces: null,
      newVersionId: null,
    });
    expect(next.conversation).toMatchObject({ id: 'c2', title: 'Hello there' });
  });
});
