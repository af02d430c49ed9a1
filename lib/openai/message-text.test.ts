import { describe, expect, it } from 'vitest';
import { extractMessageText } from './message-text';

describe('extractMessageText', () => {
  it('returns empty strings for a missing or empty delta', () => {
    expect(extractMessageText(undefined)).toEqual({ content: '', reasoning: '', refusal: '' });
    expect(extractMessageText({ content: null, refusal: null })).toEqual({
      content: '',
      reasoning: '',
      refusal: '',
    });
  });

  it('flattens text, thinking and refusal parts and skips other part types', () => {
    expect(
      extractMessageText({
        content: [
          { type: 'thinking', thinking: 'think ' },
          { type: 'thinking', thinking: [{ type: 'text', text: 'more' }] },
          { type: 'text', text: 'Hi' },
          { type: 'image_url', image_url: { url: 'u' } },
          { type: 'text', text: ' there' },
          { type: 'refusal', refusal: 'no' },
        ],
      }),
    ).toEqual({ content: 'Hi there', reasoning: 'think more', refusal: 'no' });
  });

  it('counts one reasoning field per delta', () => {
    expect(extractMessageText({ reasoning_content: 'a', reasoning: 'a' }).reasoning).toBe('a');
    expect(
      extractMessageText({
        reasoning: 'b',
        reasoning_details: [{ type: 'reasoning.text', text: 'b' }],
      }).reasoning,
    ).toBe('b');
    expect(
      extractMessageText({
        reasoning: '',
        reasoning_details: [
          { type: 'reasoning.text', text: 'c' },
          { type: 'reasoning.summary', summary: 'd' },
          { type: 'reasoning.encrypted', data: 'zzz' },
        ],
      }).reasoning,
    ).toBe('cd');
    expect(
      extractMessageText({ content: [{ type: 'thinking', thinking: 'p' }], reasoning_content: 'p' })
        .reasoning,
    ).toBe('p');
  });
});
