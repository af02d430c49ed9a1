import { describe, expect, it } from 'vitest';
import { extendBlocks, splitBlocks } from './split-blocks';

describe('splitBlocks', () => {
  it('splits top-level blocks on blank lines and drops the blank lines', () => {
    expect(splitBlocks('# Title\n\nFirst para\nstill first\n\n\n- a\n- b\n')).toEqual([
      '# Title',
      'First para\nstill first',
      '- a\n- b',
    ]);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n  \n\n')).toEqual([]);
  });

  it('keeps blank lines inside a backtick or tilde fence in one block', () => {
    const code = '```py\nx = 1\n\n\ny = 2\n```';
    const tilde = '~~~~\na\n\nb\n```\n\nc\n~~~~';
    expect(splitBlocks(`Intro\n\n${code}\n\nAfter`)).toEqual(['Intro', code, 'After']);
    expect(splitBlocks(`${tilde}\n\nEnd`)).toEqual([tilde, 'End']);
  });

  it('requires a closing fence at least as long as the opener', () => {
    const code = '````\n```\n\nstill code\n````';
    expect(splitBlocks(`${code}\n\nout`)).toEqual([code, 'out']);
  });

  it('keeps everything after an unterminated fence in the last block', () => {
    expect(splitBlocks('Text\n\n```js\nlet a;\n\n\nlet b;\n')).toEqual([
      'Text',
      '```js\nlet a;\n\n\nlet b;',
    ]);
  });

  it('does not treat inline triple backticks as a fence', () => {
    expect(splitBlocks('```inline``` code\n\nnext')).toEqual(['```inline``` code', 'next']);
  });

  it('keeps $$ and \\[ display math with blank lines together', () => {
    const dollars = '$$\na\n\nb\n$$';
    const brackets = '\\[\nx\n\ny\n\\]';
    expect(splitBlocks(`${dollars}\n\nmid\n\n${brackets}\n\nend`)).toEqual([
      dollars,
      'mid',
      brackets,
      'end',
    ]);
    expect(splitBlocks('$$x$$\n\nnext')).toEqual(['$$x$$', 'next']);
  });

  it('keeps indented continuation (nested list content, code in list items) with its block', () => {
    const list = '1. Step one:\n\n   ```bash\n   npm i\n\n   ```\n\n   more text\n\n    indented';
    expect(splitBlocks(`${list}\n\n2. Step two`)).toEqual([list, '2. Step two']);
  });

  it('keeps the whole text together when it has reference definitions or footnotes', () => {
    const text =
      'See [docs][1] and a note[^n].\n\nMore\n\n[1]: https://example.com\n[^n]: Footnote.\n';
    expect(splitBlocks(text)).toEqual([text.trimEnd()]);
  });

  it('leaves earlier blocks unchanged as text streams in', () => {
    const full =
      'Para one.\n\n```ts\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nDone.';
    let previous: string[] = [];
    for (let end = 1; end <= full.length; end++) {
      const blocks = splitBlocks(full.slice(0, end));
      // Every block except the last must be exactly what it was before (or was the last one).
      for (let i = 0; i < previous.length - 1; i++) expect(blocks[i]).toBe(previous[i]);
      expect(blocks.length).toBeGreaterThanOrEqual(previous.length);
      previous = blocks;
    }
    expect(previous).toHaveLength(4);
  });
});

describe('extendBlocks', () => {
  const sample = [
    '# Title',
    '',
    'A paragraph with **bold** and a [link](https://example.com).',
    '',
    '- one',
    '- two',
    '',
    '  continued in the list',
    '',
    '```ts',
    'const a = 1;',
    '',
    'const b = 2;',
    '```',
    '',
    '$$',
    'x^2',
    '',
    '$$',
    '',
    '| a | b |',
    '| - | - |',
    '| 1 | 2 |',
    '',
    '    indented code',
    '',
    'The end.',
  ].join('\n');

  it('gives what splitBlocks gives for every prefix of a growing text', () => {
    let split = null as ReturnType<typeof extendBlocks> | null;
    for (let end = 0; end <= sample.length; end++) {
      const text = sample.slice(0, end);
      split = extendBlocks(split, text);
      expect(split.blocks, JSON.stringify(text)).toEqual(splitBlocks(text));
    }
  });

  it('gives what splitBlocks gives for texts growing in uneven chunks', () => {
    for (const step of [3, 7, 13, 40]) {
      let split = null as ReturnType<typeof extendBlocks> | null;
      for (let end = 0; end < sample.length + step; end += step) {
        const text = sample.slice(0, end);
        split = extendBlocks(split, text);
        expect(split.blocks).toEqual(splitBlocks(text));
      }
    }
  });

  it('keeps final blocks as the same strings and scans only from the open block', () => {
    const a = extendBlocks(null, 'First\n\nSecond\n\nThi');
    const b = extendBlocks(a, 'First\n\nSecond\n\nThird and more');
    expect(b.blocks).toEqual(['First', 'Second', 'Third and more']);
    expect(b.final).toBe(2);
    expect(b.blocks[0]).toBe(a.blocks[0]);
    expect(b.openStart).toBe('First\n\nSecond\n\n'.length);
  });

  it('starts again when the text is not a continuation', () => {
    const a = extendBlocks(null, 'First\n\nSecond');
    // The open block's first line became indented: no longer a block of its own.
    expect(extendBlocks(a, 'First\n\n Second').blocks).toEqual(splitBlocks('First\n\n Second'));
    expect(extendBlocks(a, 'Other\n\nSecond').blocks).toEqual(['Other', 'Second']);
  });

  it('turns into one block when a definition arrives, as splitBlocks does', () => {
    const a = extendBlocks(null, 'See [x].\n\nMore');
    const b = extendBlocks(a, 'See [x].\n\nMore\n\n[x]: https://example.com');
    expect(b.blocks).toEqual(splitBlocks('See [x].\n\nMore\n\n[x]: https://example.com'));
    expect(b.blocks).toHaveLength(1);
  });
});
