import { describe, expect, it } from 'vitest';
import { blankMessage } from './blank-message';
import { comparisonColumns, turnRoot } from './comparison';
import type { ChatMessage } from './types';

const msg = (id: string, role: ChatMessage['role'], parentId: string | null, extra = {}) =>
  blankMessage({ id, role, parentId, conversationId: 'c', ...extra });
const slot = (n: number, provider = 'p') => ({ comparison: { id: 'cmp', slot: n, provider } });

describe('comparison columns', () => {
  // u1 → a (slot 0) → t (tool) → a2 (step); u1 → b (slot 1); u1 → b2 (slot 1, a retry); u1 → c.
  const messages = [
    msg('u1', 'user', null),
    msg('a', 'assistant', 'u1', { model: 'm0', ...slot(0) }),
    msg('b', 'assistant', 'u1', { model: 'm1', ...slot(1, 'q') }),
    msg('t', 'tool', 'a'),
    msg('a2', 'assistant', 't', { model: 'm0' }),
    msg('b2', 'assistant', 'u1', { model: 'm1', ...slot(1, 'q') }),
    msg('c', 'assistant', 'u1', { model: 'm2', ...slot(2) }),
    msg('u2', 'user', 'a2'),
  ];

  it('gives each column its newest answer with its steps, in slot order', () => {
    const columns = comparisonColumns(messages, [
      messages[0],
      messages[1],
      messages[3],
      messages[4],
    ] as ChatMessage[]);
    expect(Object.keys(columns)).toEqual(['cmp']);
    expect(
      columns.cmp?.map((c) => [c.slot, c.provider, c.model, c.messages.map((m) => m.id)]),
    ).toEqual([
      [0, 'p', 'm0', ['a', 't', 'a2']],
      [1, 'q', 'm1', ['b2']],
      [2, 'p', 'm2', ['c']],
    ]);
  });

  it('has nothing for a branch without a comparison', () => {
    expect(comparisonColumns(messages, [messages[0] as ChatMessage])).toEqual({});
  });

  it('finds the first answer of a turn from any of its steps, never crossing a user message', () => {
    expect(turnRoot(messages, 'a2')?.id).toBe('a');
    expect(turnRoot(messages, 'a')?.id).toBe('a');
    expect(turnRoot(messages, 'u2')?.id).toBe('u2');
  });
});
