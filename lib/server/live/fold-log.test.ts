import { describe, expect, it } from 'vitest';
import { sseFrame } from '@/lib/chat/events';
import type { ChatMessage } from '@/lib/chat/types';
import { answerSize, foldLog } from './fold-log';

const message = (id: string): ChatMessage =>
  ({ id, role: 'assistant', content: '', status: 'streaming' }) as ChatMessage;
const chunk = (delta: Record<string, unknown>) =>
  sseFrame({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: null }],
  });
const start = (id: string) =>
  sseFrame({ conversationId: 'c', userMessage: null, assistantMessage: message(id) }, 'start');

describe('foldLog', () => {
  it('rebuilds the answer being written from the chunks after its start', () => {
    const answer = foldLog([
      start('a1'),
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'think' }),
      chunk({ content: 'tok1' }),
      chunk({ content: ' tok2' }),
    ]);
    expect(answer?.messageId).toBe('a1');
    expect(answer?.fields).toMatchObject({ content: 'tok1 tok2', reasoning: 'think' });
    expect(answer?.size).toBe('tok1 tok2'.length + 'think'.length);
  });

  it('follows the turn to its latest step, and counts tool-call arguments', () => {
    const answer = foldLog([
      start('a1'),
      chunk({ content: 'first' }),
      sseFrame({ message: { ...message('a1'), status: 'complete' } }, 'message'),
      sseFrame({ assistantMessage: message('a2') }, 'step'),
      chunk({
        tool_calls: [
          { index: 0, id: 't', type: 'function', function: { name: 'f', arguments: '{"a"' } },
        ],
      }),
    ]);
    expect(answer?.messageId).toBe('a2');
    expect(answer?.fields.content).toBe('');
    expect(answer?.size).toBe(4);
    expect(answerSize({ content: 'ab', reasoning: null, toolCalls: null })).toBe(2);
  });

  it('holds nothing newer than the database once a step was saved or the turn is done', () => {
    expect(
      foldLog([
        start('a1'),
        chunk({ content: 'x' }),
        sseFrame({ message: { ...message('a1'), status: 'complete' } }, 'message'),
      ]),
    ).toBeNull();
    expect(
      foldLog([start('a1'), chunk({ content: 'x' }), sseFrame({ messages: [] }, 'done')]),
    ).toBeNull();
    expect(foldLog(['garbage', 'data: {"not":"a chunk"}\n\n'])).toBeNull();
  });
});
