import { describe, expect, it } from 'vitest';
import { demoPlan, demoReply, demoTitle, tokenize } from './reply';

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

  it('answers the empty screen’s rainbow and palindrome suggestions instead of describing itself', () => {
    const rainbow = demoPlan(user('Explain how rainbows form, in three short paragraphs.'), tools);
    expect(rainbow.kind).toBe('text');
    const rainbowText = rainbow.kind === 'text' ? rainbow.text : '';
    expect(rainbowText).toMatch(/refraction/i);
    expect(rainbowText).not.toContain('You said');
    const code = demoPlan(
      user('Write a Python function that checks whether a string is a palindrome, with tests.'),
      tools,
    );
    const codeText = code.kind === 'text' ? code.text : '';
    expect(codeText).toMatch(/```python\n[\s\S]*def is_palindrome\(text: str\) -> bool:[\s\S]*```/);
    expect(codeText).toContain('unittest.main()');
    expect(codeText).not.toContain('You said');
    // Anything else still gets the demo's own explanation.
    expect(demoPlan(user('Tell me a joke'), tools)).toMatchObject({
      kind: 'text',
      text: expect.stringContaining('You said'),
    });
  });

  it('passes the IANA zone of a named place, and converts units', () => {
    expect(demoPlan(user('What time is it in Tokyo right now?'), tools)).toEqual({
      kind: 'tools',
      calls: [{ name: 'get_current_time', arguments: '{"timezone":"Asia/Tokyo"}' }],
    });
    expect(demoPlan(user('Convert 10 km to miles'), [...tools, 'convert_units'])).toEqual({
      kind: 'tools',
      calls: [{ name: 'convert_units', arguments: '{"value":10,"from":"km","to":"miles"}' }],
    });
  });

  it('reads the whole expression written with ×', () => {
    expect(demoPlan(user('What is 12 × 34 + 56?'), tools)).toEqual({
      kind: 'tools',
      calls: [{ name: 'calculate', arguments: JSON.stringify({ expression: '12 * 34 + 56' }) }],
    });
  });

  it('only calls tools it is offered', () => {
    expect(demoPlan(user('what is 2+2'), ['get_current_time']).kind).toBe('text');
    expect(demoPlan(user('what time is it'), []).kind).toBe('text');
  });

  it('does not treat a lone number or a date as arithmetic', () => {
    expect(demoPlan(user('I have 3 cats'), tools).kind).toBe('text');
  });

  it('answers in sentences built from the results, never raw JSON', () => {
    const call = (id: string, name: string) => ({
      id,
      type: 'function' as const,
      function: { name, arguments: '{}' },
    });
    const plan = demoPlan(
      [
        { role: 'user', content: 'What time is it in Tokyo, and what is 12 × 34 + 56?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [call('c1', 'get_current_time'), call('c2', 'calculate'), call('c3', 'x')],
        },
        {
          role: 'tool',
          tool_call_id: 'c1',
          content: JSON.stringify({
            timezone: 'Asia/Tokyo',
            iso: '2026-11-29T22:05:03+09:00',
            local: 'Sunday, 29 November 2026, 22:05:03',
            utcOffset: '+09:00',
          }),
        },
        {
          role: 'tool',
          tool_call_id: 'c2',
          content: '{"expression":"12 * 34 + 56","result":464}',
        },
        { role: 'tool', tool_call_id: 'c3', content: 'Parley has no tool named “x”.' },
      ],
      tools,
    );
    expect(plan).toEqual({
      kind: 'text',
      text: [
        'In Tokyo it is **22:05** on Sunday, 29 November 2026 (Asia/Tokyo, UTC+09:00).',
        '12 × 34 + 56 = **464**.',
        'The `x` tool could not answer: Parley has no tool named “x”.',
      ].join('\n\n'),
    });
  });

  it('answers a unit conversion with both values and units', () => {
    const plan = demoPlan(
      [
        { role: 'user', content: 'convert 10 km to miles' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c', type: 'function', function: { name: 'convert_units', arguments: '{}' } },
          ],
        },
        {
          role: 'tool',
          tool_call_id: 'c',
          content: JSON.stringify({
            from: { value: 10, unit: 'km' },
            value: 6.21371192,
            unit: 'mi',
          }),
        },
      ],
      tools,
    );
    expect(plan).toEqual({ kind: 'text', text: '10 km is **6.2137119 mi**.' });
  });
});

describe('demo title', () => {
  const titleOf = (question: string) =>
    demoTitle([
      { role: 'system', content: 'x' },
      { role: 'user', content: question },
    ]);
  it('names what was asked, operators included', () => {
    expect(titleOf('What is 12 × 34 + 56?')).toBe('12 × 34 + 56');
    expect(titleOf('What is 12 times 34 plus 56?')).toBe('12 × 34 + 56');
    expect(titleOf('What time is it in Tokyo right now?')).toBe('Time in Tokyo');
    expect(titleOf('Convert 10 km to miles')).toBe('10 km in miles');
  });
  it('otherwise keeps a short first sentence whole and cuts a long one at a word', () => {
    expect(titleOf('Explain how rainbows form, in three short paragraphs.')).toBe(
      'Explain how rainbows form',
    );
    expect(titleOf('how do volcanoes form under the ocean floor?')).toBe(
      'How do volcanoes form under the ocean floor',
    );
    expect(titleOf('Write a Python function that checks whether a string is a palindrome')).toBe(
      'Write a Python function that checks…',
    );
    expect(titleOf('Hello there, demo!')).toBe('Hello there, demo');
    expect(titleOf('hi! Please write a haiku about tea.')).toBe('Write a haiku about tea');
  });
});
