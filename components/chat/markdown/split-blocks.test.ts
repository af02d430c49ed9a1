import { describe, expect, it } from 'vitest';
import { splitBlocks } from './split-blocks';

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
