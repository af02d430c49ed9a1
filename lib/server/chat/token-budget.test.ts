import { describe, expect, it } from 'vitest';
import { blankMessage } from '@/lib/chat/blank-message';
import type { ChatMessage } from '@/lib/chat/types';
import { stepTokens } from './token-budget';

const answer = (fields: Partial<ChatMessage>): ChatMessage =>
  blankMessage({ id: 'a', role: 'assistant', ...fields });

describe('stepTokens', () => {
  it("takes the provider's total, else its parts", () => {
    expect(stepTokens(answer({ usage: { total_tokens: 120, prompt_tokens: 1 } }), 9)).toBe(120);
    expect(stepTokens(answer({ usage: { prompt_tokens: 100, completion_tokens: 7 } }), 9)).toBe(
      107,
    );
    expect(stepTokens(answer({ usage: { completion_tokens: 7 } }), 9)).toBe(7);
  });

  it('estimates prompt and answer (text, reasoning, tool calls) when the provider sent no usage', () => {
    const text = answer({ content: 'abcdefgh', reasoning: 'abcd', usage: null });
    expect(stepTokens(text, 50)).toBe(50 + 3);
    const calls = answer({
      toolCalls: [{ id: '1', type: 'function', function: { name: 'calc', arguments: '{"x":1}' } }],
    });
    expect(stepTokens(calls, 10)).toBe(10 + 3);
  });
});
