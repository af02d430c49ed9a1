import { describe, expect, it } from 'vitest';
import { blankMessage } from './blank-message';
import { decodeTurnEvent } from './events';

const message = blankMessage({ id: 'a1', role: 'assistant' });
const chunk = {
  id: 'x',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  system_fingerprint: null,
  choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null, logprobs: null }],
};

describe('decodeTurnEvent', () => {
  it('decodes the app events and the unnamed chunk events', () => {
    expect(
      decodeTurnEvent({
        event: 'start',
        data: JSON.stringify({
          conversationId: 'c1',
          userMessage: null,
          assistantMessage: message,
        }),
      }),
    ).toEqual({
      type: 'start',
      conversationId: 'c1',
      userMessage: null,
      assistantMessage: message,
    });
    expect(decodeTurnEvent({ data: JSON.stringify(chunk) })).toEqual({ type: 'chunk', chunk });
    expect(
      decodeTurnEvent({ event: 'done', data: JSON.stringify({ messages: [message] }) }),
    ).toEqual({ type: 'done', messages: [message] });
    expect(
      decodeTurnEvent({
        event: 'error',
        data: JSON.stringify({ error: { code: 'x', message: 'Failed.', retryable: true } }),
      }),
    ).toEqual({ type: 'error', error: { code: 'x', message: 'Failed.', retryable: true } });
  });

  it('drops what it cannot trust instead of half-applying it', () => {
    expect(decodeTurnEvent({ data: '{not json' })).toBeNull();
    expect(decodeTurnEvent({ data: '[DONE]' })).toBeNull();
    expect(decodeTurnEvent({ data: JSON.stringify({ object: 'other', choices: [] }) })).toBeNull();
    expect(decodeTurnEvent({ event: 'done', data: JSON.stringify({ messages: [{}] }) })).toBeNull();
    expect(
      decodeTurnEvent({ event: 'start', data: JSON.stringify({ conversationId: 1 }) }),
    ).toBeNull();
    expect(decodeTurnEvent({ event: 'toString', data: '{}' })).toBeNull();
    expect(decodeTurnEvent({ event: 'message', data: 'null' })).toBeNull();
  });
});
