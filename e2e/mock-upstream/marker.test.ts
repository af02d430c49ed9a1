import { describe, expect, it } from 'vitest';
import { findMarker, MockSpecError, parseSpec, selectScenario, stripMarkers } from './marker';
import { cutBytes } from './replay';
import { buildPlan } from './scenarios';
import { MARKDOWN_REPLY, splitEvenly, splitTokens } from './texts';

describe('scenario grammar', () => {
  it('parses name, plain, quoted and bare parameters', () => {
    expect(
      parseSpec('stream-error after=2 message="boom went the upstream" usage', 'header'),
    ).toEqual({
      name: 'stream-error',
      params: { after: '2', message: 'boom went the upstream', usage: '1' },
      source: 'header',
    });
  });

  it('finds the first marker anywhere in the text', () => {
    expect(findMarker('before [[mock:text tokens=3]] after [[mock:echo]]')).toMatchObject({
      name: 'text',
      params: { tokens: '3' },
    });
    expect(findMarker('no marker')).toBeNull();
  });

  it.each(['', '9lives', 'text tokens = 3', 'text a="unterminated', 'text a="x"b'])(
    'rejects %j',
    (raw) => {
      expect(() => parseSpec(raw, 'marker')).toThrow(MockSpecError);
    },
  );

  it('strips every marker', () => {
    expect(stripMarkers('  [[mock:echo]] hi [[mock:x a=1]] there ')).toBe('hi  there');
    expect(stripMarkers('[[mock@m-1:echo]] hi [[mock@m.2:text tokens=2]]')).toBe('hi');
  });

  it('gives each model its own marker (a comparison), the plain marker to the rest', () => {
    const text = '[[mock@fast:text tokens=9]] [[mock:echo]] [[mock@slow:stall after=1]] q';
    expect(findMarker(text, 'fast')).toMatchObject({ name: 'text', params: { tokens: '9' } });
    expect(findMarker(text, 'slow')).toMatchObject({ name: 'stall', params: { after: '1' } });
    expect(findMarker(text, 'other')).toMatchObject({ name: 'echo' });
    expect(findMarker(text)).toMatchObject({ name: 'echo' });
    expect(findMarker('[[mock@fast:text]] q', 'slow')).toBeNull();
    const body = (model: string) => ({ model, messages: [{ role: 'user', content: text }] });
    expect(selectScenario(body('slow'), 'text').name).toBe('stall');
    expect(selectScenario(body('other'), 'text').name).toBe('echo');
  });

  it('reads only the last user message', () => {
    const body = {
      messages: [
        { role: 'user', content: '[[mock:markdown]]' },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'plain' },
      ],
    };
    expect(selectScenario(body, undefined).name).toBe('default');
    expect(selectScenario(body, 'reasoning').name).toBe('reasoning');
  });
});

describe('token splitting', () => {
  it('splitTokens concatenates back to the text', () => {
    expect(splitTokens(MARKDOWN_REPLY).join('')).toBe(MARKDOWN_REPLY);
    expect(splitTokens('  a b  ').join('')).toBe('  a b  ');
  });

  it('splitEvenly never cuts a surrogate pair', () => {
    const parts = splitEvenly('😀😀😀😀😀', 2);
    expect(parts).toEqual(['😀😀😀', '😀😀']);
  });

  it('cutBytes keeps every byte in order', () => {
    const bytes = new TextEncoder().encode('abcdefgh');
    const pieces = cutBytes(bytes, [1, 5]);
    expect(pieces.map((p) => new TextDecoder().decode(p))).toEqual(['a', 'bcde', 'fgh']);
  });
});

describe('plans', () => {
  const ctx = { body: { messages: [] }, fixturesDir: '/nonexistent' };

  it('inserts waits between tokens only when a rate is given', () => {
    const paced = buildPlan(
      { name: 'text', params: { tokens: '3', rate: '10' }, source: 'marker' },
      ctx,
    );
    const fast = buildPlan({ name: 'text', params: { tokens: '3' }, source: 'marker' }, ctx);
    if (paced.kind !== 'script' || fast.kind !== 'script') throw new Error('expected scripts');
    expect(paced.steps.filter((s) => s.kind === 'wait')).toEqual([
      { kind: 'wait', ms: 100 },
      { kind: 'wait', ms: 100 },
    ]);
    expect(fast.steps.some((s) => s.kind === 'wait')).toBe(false);
  });

  it('pauses the first tool call in the middle of its arguments', () => {
    const plan = buildPlan(
      { name: 'tools', params: { split: '4', pause: 'k' }, source: 'marker' },
      ctx,
    );
    if (plan.kind !== 'script') throw new Error('expected a script');
    expect(plan.steps.map((s) => s.kind)).toEqual([
      'tool',
      'tool',
      'tool',
      'pause',
      'tool',
      'tool',
      'finish',
    ]);
  });
});
