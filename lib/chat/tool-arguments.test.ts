import { describe, expect, it } from 'vitest';
import { ELLIPSIS, formatArguments, summarizeArguments } from './tool-arguments';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

// Removes what the partial printer adds to close a prefix: the ellipsis of an open string and the
// closing brackets, so the rest can be compared with the final text.
function stablePart(text: string): string {
  return text.replace(new RegExp(`${ELLIPSIS}"(?=[\\s\\]}]*$)`), '').replace(/[\s\]}]*$/, '');
}

const SAMPLES = [
  '{"city": "Paris", "unit": "celsius"}',
  '{"query":"caf\\u00e9 \\"best\\"\\n\\/menu","limit":10,"exact":false,"tags":["a","b"],"filter":null}',
  '{"expression": "(2 + 3) * 4.5", "precision": 2, "nested": {"deep": [1, [2, {"x": true}]], "empty": {}, "list": []}}',
  '[{"a": -1.25e3}, "x", 0, true]',
  '  { "spaced" :\t[ 1 , 2 ] , "emoji": "\\ud83d\\ude00 ok" }  ',
];

describe('formatArguments', () => {
  it('pretty-prints complete JSON exactly like JSON.stringify(…, null, 2)', () => {
    for (const sample of SAMPLES) {
      expect(formatArguments(sample)).toEqual({
        text: pretty(JSON.parse(sample)),
        complete: true,
        valid: true,
      });
    }
  });

  it('closes an open string, object and array while arguments stream', () => {
    expect(formatArguments('{"city": "Par')).toEqual({
      text: `{\n  "city": "Par${ELLIPSIS}"\n}`,
      complete: false,
      valid: true,
    });
    expect(formatArguments('{"tags": ["a", "b').text).toBe(
      `{\n  "tags": [\n    "a",\n    "b${ELLIPSIS}"\n  ]\n}`,
    );
    expect(formatArguments('[1, {"x": 2').text).toBe('[\n  1,\n  {\n    "x": 2\n  }\n]');
  });

  it('drops a dangling key and a trailing comma', () => {
    const expected = '{\n  "city": "Paris"\n}';
    for (const cut of [
      '{"city": "Paris",',
      '{"city": "Paris", ',
      '{"city": "Paris", "un',
      '{"city": "Paris", "unit"',
      '{"city": "Paris", "unit" :',
      '{"city": "Paris", "unit": ',
    ]) {
      expect(formatArguments(cut), cut).toEqual({ text: expected, complete: false, valid: true });
    }
    expect(formatArguments('[1, 2,').text).toBe('[\n  1,\n  2\n]');
  });

  it('keeps half-typed numbers and literals as typed and drops half an escape', () => {
    expect(formatArguments('{"n": -1.').text).toBe('{\n  "n": -1.\n}');
    expect(formatArguments('{"n": 2e').text).toBe('{\n  "n": 2e\n}');
    expect(formatArguments('{"ok": tr').text).toBe('{\n  "ok": tr\n}');
    expect(formatArguments('{"s": "a\\').text).toBe(`{\n  "s": "a${ELLIPSIS}"\n}`);
    expect(formatArguments('{"s": "a\\u00').text).toBe(`{\n  "s": "a${ELLIPSIS}"\n}`);
    expect(formatArguments('{"s": "a\\ud83d').text).toBe(`{\n  "s": "a${ELLIPSIS}"\n}`);
    expect(formatArguments('{"s": "a\\ud83d\\ude00').text).toBe(`{\n  "s": "a😀${ELLIPSIS}"\n}`);
  });

  it('normalises finished numbers the way JSON.stringify does', () => {
    expect(formatArguments('{"n": 1.50, "m": 1e2, "o').text).toBe('{\n  "n": 1.5,\n  "m": 100\n}');
  });

  it('treats empty and whitespace-only input as the start of a document', () => {
    expect(formatArguments('')).toEqual({ text: '', complete: false, valid: true });
    expect(formatArguments('  \n')).toEqual({ text: '', complete: false, valid: true });
    expect(formatArguments('{')).toEqual({ text: '{}', complete: false, valid: true });
  });

  it('reports text that can never become JSON as invalid and returns it raw', () => {
    for (const raw of [
      '{city: "Paris"}',
      "{'city': 'Paris'}",
      '{"a": 1}}',
      '{"a": 1,}',
      '[1,]',
      '{"a": 01}',
      '{"a": tru}',
      '{"a": "x\ny"}',
      '{"a": "\\q"}',
      '{"a" 1}',
      'Paris',
      '{"a": 1} trailing',
      '{"a": -}',
      '{"a": 1.e5}',
    ]) {
      expect(formatArguments(raw), raw).toEqual({ text: raw, complete: false, valid: false });
    }
  });

  it('never throws on deeply nested or hostile input', () => {
    const deep = '['.repeat(100_000);
    expect(() => formatArguments(deep)).not.toThrow();
    expect(() => formatArguments(`${'{"a":'.repeat(20_000)}1`)).not.toThrow();
    expect(() => summarizeArguments(deep)).not.toThrow();
  });

  it.each(SAMPLES)(
    'renders every prefix of %s without throwing, consistent with the final text',
    (sample) => {
      const final = pretty(JSON.parse(sample));
      for (let cut = 0; cut <= sample.length; cut++) {
        const prefix = sample.slice(0, cut);
        const result = formatArguments(prefix);
        expect(result.valid, prefix).toBe(true);
        if (result.complete) {
          // Only trailing whitespace may still follow a complete document.
          expect(result.text).toBe(final);
          continue;
        }
        // Once the closing brackets and the ellipsis are stripped the text is where the final
        // text is heading; an unfinished number may still change shape (1. → 1.5), so compare up
        // to the value being typed.
        const stable = stablePart(result.text).replace(/[-+\d.eE]+$/, '');
        expect(
          final.startsWith(stable),
          `${JSON.stringify(prefix)} → ${JSON.stringify(result.text)}`,
        ).toBe(true);
      }
      expect(formatArguments(sample).text).toBe(final);
    },
  );
});

describe('summarizeArguments', () => {
  it('lists top-level keys and values on one line', () => {
    expect(summarizeArguments('{"city": "Paris", "unit": "celsius"}')).toBe(
      'city: "Paris", unit: "celsius"',
    );
    expect(summarizeArguments('{"q": "a\\nb", "opts": {"x": [1, 2]}, "my key": null}')).toBe(
      'q: "a\\nb", opts: {"x": [1, 2]}, "my key": null',
    );
  });

  it('works on partial JSON', () => {
    expect(summarizeArguments('{"city": "Paris", "unit": "cel')).toBe(
      `city: "Paris", unit: "cel${ELLIPSIS}"`,
    );
    expect(summarizeArguments('{"city": "Paris", "un')).toBe('city: "Paris"');
    expect(summarizeArguments('')).toBe('');
  });

  it('summarises non-object roots and invalid text as one line', () => {
    expect(summarizeArguments('[1, 2, 3]')).toBe('[1, 2, 3]');
    expect(summarizeArguments('"just text"')).toBe('"just text"');
    expect(summarizeArguments('{city:\n  Paris}')).toBe('{city: Paris}');
  });

  it('truncates to maxChars with an ellipsis without splitting a surrogate pair', () => {
    const line = summarizeArguments('{"text": "abcdefghijklmnopqrstuvwxyz"}', 12);
    expect(line).toBe(`text: "abcd${ELLIPSIS}`);
    expect(line.length).toBe(12);
    const emoji = summarizeArguments('{"e": "😀😀😀😀"}', 8);
    expect(emoji).toBe(`e: "😀${ELLIPSIS}`);
    expect(summarizeArguments('{"a": 1}', 100)).toBe('a: 1');
  });
});
