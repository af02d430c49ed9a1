import { describe, expect, it } from 'vitest';
import type { ChatMessage, Role, ToolCall } from '@/lib/chat/types';
import {
  estimateMessageTokens,
  estimateTextTokens,
  fitToContext,
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
  replyReserve,
} from './context-window';

type Msg = Pick<ChatMessage, 'id' | 'role' | 'content' | 'toolCalls'>;

const msg = (
  id: string,
  role: Role,
  content: string,
  toolCalls: ToolCall[] | null = null,
): Msg => ({
  id,
  role,
  content,
  toolCalls,
});
const call = (id: string): ToolCall => ({
  id,
  type: 'function',
  function: { name: 'calculate', arguments: '{"expression":"1+1"}' },
});
// 40 ASCII characters = 10 tokens, + 4 overhead = 14 tokens per message.
const text = 'x'.repeat(40);
const PER = 14;
const ids = (r: { messages: Msg[] }) => r.messages.map((m) => m.id);

/** A window whose budget for the branch is exactly `tokens` (no max tokens set). */
function windowFor(tokens: number, fixed = 0): number {
  // budget = window - min(4096, window/4) - fixed - request overhead; solve for small windows.
  const window = Math.ceil(((tokens + fixed + REQUEST_OVERHEAD_TOKENS) * 4) / 3);
  return window;
}

describe('estimates', () => {
  it('counts about four ASCII characters per token and every other character as one', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcd')).toBe(1);
    expect(estimateTextTokens('abcde')).toBe(2);
    expect(estimateTextTokens('日本語のテキスト')).toBe(8);
    expect(estimateTextTokens('café')).toBe(2);
  });

  it('adds overhead per message and per tool call; an empty answer costs nothing', () => {
    expect(estimateMessageTokens(msg('a', 'user', text))).toBe(PER);
    expect(estimateMessageTokens(msg('b', 'assistant', ''))).toBe(0);
    const withCall = estimateMessageTokens(msg('c', 'assistant', '', [call('1')]));
    expect(withCall).toBe(
      MESSAGE_OVERHEAD_TOKENS * 2 + estimateTextTokens('calculate{"expression":"1+1"}'),
    );
  });

  it('reserves max tokens for the reply, else a quarter of the window up to 4,096', () => {
    expect(replyReserve(8192, 500)).toBe(500);
    expect(replyReserve(8192)).toBe(2048);
    expect(replyReserve(128_000)).toBe(4096);
  });
});

describe('fitToContext', () => {
  const conversation = [
    msg('u1', 'user', text),
    msg('a1', 'assistant', text),
    msg('u2', 'user', text),
    msg('a2', 'assistant', text),
    msg('u3', 'user', text),
  ];

  it('keeps everything that fits and reports no start', () => {
    const r = fitToContext({ branch: conversation, contextWindow: 128_000, fixedTokens: 0 });
    expect(r).toEqual({ messages: conversation, startId: null, dropped: 0 });
  });

  it('leaves out the oldest messages and starts at a user message', () => {
    // Room for four messages: a1 would fit with u2…u3, but the kept part starts at a user message.
    const r = fitToContext({
      branch: conversation,
      contextWindow: windowFor(4 * PER),
      fixedTokens: 0,
    });
    expect(ids(r)).toEqual(['u2', 'a2', 'u3']);
    expect(r.startId).toBe('u2');
    expect(r.dropped).toBe(2);
  });

  it('counts the fixed part (system prompt, tools) and max tokens against the window', () => {
    const all = 5 * PER;
    expect(
      fitToContext({ branch: conversation, contextWindow: windowFor(all), fixedTokens: 0 }).dropped,
    ).toBe(0);
    expect(
      fitToContext({ branch: conversation, contextWindow: windowFor(all), fixedTokens: 10 })
        .startId,
    ).toBe('u2');
    expect(
      fitToContext({
        branch: conversation,
        contextWindow: 1000,
        maxTokens: 1000 - 3 * PER,
        fixedTokens: 0,
      }).startId,
    ).toBe('u3');
  });

  it('never separates a tool call from its results', () => {
    const branch = [
      msg('u1', 'user', text),
      msg('a1', 'assistant', '', [call('c1'), call('c2')]),
      msg('t1', 'tool', text),
      msg('t2', 'tool', text),
      msg('a2', 'assistant', text),
    ];
    const sizes = branch.map(estimateMessageTokens);
    const fromA1 = sizes.slice(1).reduce((a, b) => a + b, 0);
    // Room for the tool step and the answer but not the question: the whole step stays together.
    const r = fitToContext({ branch, contextWindow: windowFor(fromA1), fixedTokens: 0 });
    expect(ids(r)).toEqual(['a1', 't1', 't2', 'a2']);
    // One token less: the step cannot be cut between the call and its results, so it goes whole.
    const smaller = fitToContext({ branch, contextWindow: windowFor(fromA1 - 5), fixedTokens: 0 });
    expect(ids(smaller)).toEqual(['a2']);
    for (const result of [r, smaller]) {
      const kept = new Set(ids(result));
      expect(kept.has('a1')).toBe(kept.has('t1') && kept.has('t2'));
    }
  });

  it('keeps system messages wherever they were', () => {
    const branch = [msg('s', 'system', 'Be brief.'), ...conversation];
    const r = fitToContext({ branch, contextWindow: windowFor(3 * PER + 20), fixedTokens: 0 });
    expect(ids(r)).toEqual(['s', 'u2', 'a2', 'u3']);
    expect(r.startId).toBe('u2');
  });

  it('sends the newest message alone when even it does not fit', () => {
    const branch = [
      msg('u1', 'user', text),
      msg('a1', 'assistant', text),
      msg('u2', 'user', 'y'.repeat(4000)),
    ];
    const r = fitToContext({ branch, contextWindow: 200, fixedTokens: 0 });
    expect(ids(r)).toEqual(['u2']);
    expect(r.startId).toBe('u2');
  });

  it('never drops a lone message', () => {
    const branch = [msg('u1', 'user', 'y'.repeat(4000))];
    expect(fitToContext({ branch, contextWindow: 100, fixedTokens: 0 }).startId).toBeNull();
  });
});
