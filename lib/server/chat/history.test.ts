import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/lib/chat/types';
import { activeBranch, branchTo, toWireMessages } from './history';

let n = 0;
function msg(partial: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role'>): ChatMessage {
  return {
    conversationId: 'c',
    parentId: null,
    content: `text ${n++}`,
    reasoning: null,
    refusal: null,
    toolCalls: null,
    toolCallId: null,
    status: 'complete',
    finishReason: 'stop',
    usage: null,
    model: 'm',
    error: null,
    reasoningMs: null,
    toolRun: null,
    createdAt: new Date(0).toISOString(),
    ...partial,
  };
}

describe('history', () => {
  const u1 = msg({ id: 'u1', role: 'user' });
  const a1 = msg({ id: 'a1', role: 'assistant', parentId: 'u1', status: 'error', content: '' });
  const a1b = msg({ id: 'a1b', role: 'assistant', parentId: 'u1' });
  const u2 = msg({ id: 'u2', role: 'user', parentId: 'a1b' });

  it('follows parent ids from the newest message, skipping abandoned siblings', () => {
    expect(activeBranch([u1, a1, a1b, u2]).map((m) => m.id)).toEqual(['u1', 'a1b', 'u2']);
    expect(branchTo([u1, a1, a1b, u2], 'a1').map((m) => m.id)).toEqual(['u1', 'a1']);
  });

  it('survives a parent cycle in corrupt data', () => {
    const x = msg({ id: 'x', role: 'user', parentId: 'y' });
    const y = msg({ id: 'y', role: 'assistant', parentId: 'x' });
    expect(activeBranch([x, y]).map((m) => m.id)).toEqual(['x', 'y']);
  });

  it('leaves out empty failed answers and unanswered tool calls', () => {
    const withCall = msg({
      id: 'a2',
      role: 'assistant',
      parentId: 'u2',
      content: 'Let me check.',
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
    });
    const wire = toWireMessages([u1, a1, u2, withCall]);
    expect(wire).toEqual([
      { role: 'user', content: u1.content },
      { role: 'user', content: u2.content },
      { role: 'assistant', content: 'Let me check.' },
    ]);
  });

  it('keeps tool calls that have their results', () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } };
    const a = msg({ id: 'a', role: 'assistant', content: '', toolCalls: [call] });
    const t = msg({ id: 't', role: 'tool', toolCallId: 'call_1', content: '42' });
    expect(toWireMessages([u1, a, t])).toEqual([
      { role: 'user', content: u1.content },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', content: '42', tool_call_id: 'call_1' },
    ]);
  });
});
