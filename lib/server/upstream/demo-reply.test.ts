import { describe, expect, it } from 'vitest';
import { demoReply, tokenize } from './demo-reply';

describe('demo reply', () => {
  it('tokenizes losslessly', () => {
    const text = demoReply('What is  Parley?\nTell me.');
    expect(tokenize(text).join('')).toBe(text);
    expect(tokenize(text).length).toBeGreaterThan(50);
  });
  it('quotes the question on one line, shortened', () => {
    expect(demoReply('a\n\nb')).toContain('“a b”');
    expect(demoReply('x'.repeat(500))).toContain('…”');
  });
});
