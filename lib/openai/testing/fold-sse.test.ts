import { describe, expect, it } from 'vitest';
import { mulberry32, parseSeed, randomSplitSets } from './conformance-support';
import { foldSSE, splitAt } from './fold-sse';

const enc = new TextEncoder();

describe('foldSSE', () => {
  it('folds chunks, records invalid events and [DONE]', () => {
    const body = [
      ': hi',
      '',
      'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"a"}}]}',
      '',
      'data: {not json',
      '',
      'data: {"choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}',
      '',
      'data: [DONE]',
      '',
      '',
    ].join('\n');
    const r = foldSSE([enc.encode(body)]);
    expect(r.state.choices[0]).toMatchObject({ content: 'ab', finishReason: 'stop' });
    expect(r.state.doneReceived).toBe(true);
    expect(r.invalid).toHaveLength(1);
    expect(r.invalid[0]?.data).toBe('{not json');
    expect(r.normalized).toHaveLength(2);
  });
});

describe('splitAt', () => {
  it('cuts at sorted distinct in-range offsets', () => {
    const parts = splitAt(new Uint8Array([1, 2, 3, 4, 5]), [3, 1, 3, 0, 9]);
    expect(parts.map((p) => [...p])).toEqual([[1], [2, 3], [4, 5]]);
  });
});

describe('random split sets', () => {
  it('are reproducible from the seed and stay inside the buffer', () => {
    const a = randomSplitSets(100, 42, 5);
    expect(randomSplitSets(100, 42, 5)).toEqual(a);
    expect(randomSplitSets(100, 43, 5)).not.toEqual(a);
    for (const set of a) for (const cut of set) expect(cut > 0 && cut < 100).toBe(true);
    expect(mulberry32(1)()).toBe(mulberry32(1)());
  });

  it('parses STREAM_SEED as an integer or hashes other text', () => {
    expect(parseSeed(undefined, 9)).toBe(9);
    expect(parseSeed('123', 9)).toBe(123);
    expect(parseSeed('abc', 9)).toBe(parseSeed('abc', 1));
  });
});
