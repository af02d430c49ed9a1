import { describe, expect, it } from 'vitest';
import { initialStreamState, step } from './accumulate';
import { deltaChars } from './delta-size';

describe('deltaChars', () => {
  it('counts text, reasoning, refusal and tool-call fragments of every choice', () => {
    const { normalized } = step(initialStreamState(), {
      choices: [
        { index: 0, delta: { content: 'abc', reasoning_content: 'xy' } },
        {
          index: 1,
          delta: {
            refusal: 'no',
            tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a":1}' } }],
          },
        },
      ],
    });
    expect(deltaChars(normalized)).toBe(3 + 2 + 2 + 1 + 7);
  });

  it('is zero for a chunk that adds nothing (role, finish reason, usage)', () => {
    const { normalized } = step(initialStreamState(), {
      choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    expect(deltaChars(normalized)).toBe(0);
  });
});
