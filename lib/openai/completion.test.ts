import { describe, expect, it } from 'vitest';
import { finalStatus } from './accumulate';
import { foldCompletion } from './completion';
import type { ChatCompletion } from './types';

const base = {
  id: 'cmpl',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  system_fingerprint: null,
};

describe('foldCompletion', () => {
  it('folds a plain answer with usage', () => {
    const s = foldCompletion({
      ...base,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hi' },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    });
    expect(s).toMatchObject({ id: 'cmpl', model: 'm', created: 1, doneReceived: true });
    expect(s.choices).toEqual([
      {
        index: 0,
        role: 'assistant',
        content: 'Hi',
        reasoning: null,
        refusal: null,
        toolCalls: [],
        finishReason: 'stop',
      },
    ]);
    expect(s.usage).toEqual({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
    expect(finalStatus(s)).toBe('complete');
  });

  it('folds null content with tool calls (each entry its own call, even without index)', () => {
    const s = foldCompletion({
      ...base,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
              { id: 'b', function: { name: 'g', arguments: '' } },
              { id: 'a', function: { name: 'f', arguments: '{"x":2}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
    expect(s.choices[0]?.content).toBe('');
    expect(s.choices[0]?.toolCalls).toEqual([
      { id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
      { id: 'b', type: 'function', function: { name: 'g', arguments: '' } },
      { id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":2}' } },
    ]);
  });

  it('reads content parts, reasoning aliases and refusal', () => {
    const s = foldCompletion({
      ...base,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'why' },
              { type: 'text', text: 'because' },
            ],
          },
          finish_reason: 'stop',
        },
        {
          index: 1,
          message: { role: 'assistant', content: 'x', reasoning: 'r' },
          finish_reason: 'stop',
        },
        {
          index: 2,
          message: { role: 'assistant', content: 'y', reasoning_content: 'rc' },
          finish_reason: 'stop',
        },
        {
          index: 3,
          message: { role: 'assistant', content: null, refusal: 'no' },
          finish_reason: 'stop',
        },
      ],
    });
    expect(s.choices.map((c) => [c.content, c.reasoning, c.refusal])).toEqual([
      ['because', 'why', null],
      ['x', 'r', null],
      ['y', 'rc', null],
      ['', null, 'no'],
    ]);
  });

  it('turns an error body into an error state', () => {
    const s = foldCompletion({ error: { message: 'quota', code: 'insufficient_quota' } });
    expect(s.error).toEqual({ message: 'quota', code: 'insufficient_quota' });
    expect(finalStatus(s)).toBe('error');
  });

  it('reports a body that is not a chat completion instead of throwing', () => {
    const s = foldCompletion({ choices: 'nope' } as unknown as ChatCompletion);
    expect(s.error?.code).toBe('invalid_response');
    expect(s.error?.message).toContain('choices');
  });
});
