import { describe, expect, it } from 'vitest';
import { demoPlan, demoReply, tokenize } from './demo-reply';

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

describe('demo plan', () => {
  const tools = ['get_current_time', 'calculate'];
  const user = (content: string) => [{ role: 'user' as const, content }];

  it('calls the time tool and the calculator when asked, in parallel', () => {
    expect(demoPlan(user('What time is it? And what is 12 * (3 + 4)?'), tools)).toEqual({
      kind: 'tools',
      calls: [
        { name: 'get_current_time', arguments: '{}' },
        { name: 'calculate', arguments: JSON.stringify({ expression: '12 * (3 + 4)' }) },
      ],
    });
  });

  it('only calls tools it is offered', () => {
    expect(demoPlan(user('what is 2+2'), ['get_current_time']).kind).toBe('text');
    expect(demoPlan(user('what time is it'), []).kind).toBe('text');
  });

  it('does not treat a lone number or a date as arithmetic', () => {
    expect(demoPlan(user('I have 3 cats'), tools).kind).toBe('text');
  });

  it('answers in text once tool results are back', () => {
    const plan = demoPlan(
      [
        { role: 'user', content: 'what is 2+2' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'calculate', arguments: '{}' } },
          ],
        },
        { role: 'tool', content: '{"result":4}', tool_call_id: 'c1' },
      ],
      tools,
    );
    expect(plan).toMatchObject({ kind: 'text' });
    expect(plan.kind === 'text' && plan.text).toContain('`calculate` returned: {"result":4}');
  });
});
