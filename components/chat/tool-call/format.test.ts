import { describe, expect, it } from 'vitest';
import { CLIP_CHARS, CLIP_LINES, clipText, formatDuration, formatResult } from './format';

describe('formatDuration', () => {
  it('formats known durations and hides unknown ones', () => {
    expect(formatDuration(400)).toBe('0.4 s');
    expect(formatDuration(1_250)).toBe('1.3 s');
    expect(formatDuration(40)).toBe('< 0.1 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });
});

describe('formatResult', () => {
  it('pretty-prints JSON objects and arrays and leaves other text alone', () => {
    expect(formatResult('{"a":1,"b":[2]}')).toEqual({
      text: '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}',
      json: true,
    });
    expect(formatResult(' [1] ')).toEqual({ text: '[\n  1\n]', json: true });
    expect(formatResult('42')).toEqual({ text: '42', json: false });
    expect(formatResult('{not json')).toEqual({ text: '{not json', json: false });
    expect(formatResult('Tokyo: 10:00')).toEqual({ text: 'Tokyo: 10:00', json: false });
  });
});

describe('clipText', () => {
  it('leaves short text alone', () => {
    expect(clipText('a\nb')).toEqual({ preview: 'a\nb', clipped: false, totalLines: 2 });
  });

  it('clips by lines', () => {
    const text = Array.from({ length: CLIP_LINES + 5 }, (_, i) => `line ${i}`).join('\n');
    const clipped = clipText(text);
    expect(clipped.clipped).toBe(true);
    expect(clipped.totalLines).toBe(CLIP_LINES + 5);
    expect(clipped.preview.split('\n')).toHaveLength(CLIP_LINES);
    expect(text.startsWith(clipped.preview)).toBe(true);
  });

  it('clips one long line by characters without splitting a surrogate pair', () => {
    const text = 'x'.repeat(CLIP_CHARS + 10);
    expect(clipText(text).preview).toHaveLength(CLIP_CHARS);
    const emoji = `${'x'.repeat(CLIP_CHARS - 1)}😀tail`;
    expect(clipText(emoji).preview).toBe('x'.repeat(CLIP_CHARS - 1));
  });
});
