import { describe, expect, it } from 'vitest';
import { repairStreamingMarkdown } from './streaming-repair';

describe('repairStreamingMarkdown', () => {
  it('leaves complete markdown alone', () => {
    const text = 'Hello **world**\n\n```js\nx\n```\n';
    expect(repairStreamingMarkdown(text)).toEqual({ text, openFenceStart: null });
  });

  it('closes an unterminated fence and reports where it starts', () => {
    expect(repairStreamingMarkdown('Intro\n```py\nprint(1)')).toEqual({
      text: 'Intro\n```py\nprint(1)\n```',
      openFenceStart: 6,
    });
    expect(repairStreamingMarkdown('```\ncode\n')).toEqual({
      text: '```\ncode\n```',
      openFenceStart: 0,
    });
  });

  it('closes with the same character, length and indentation as the opener', () => {
    expect(repairStreamingMarkdown('- item\n\n  ~~~~\n  x').text).toBe(
      '- item\n\n  ~~~~\n  x\n  ~~~~',
    );
  });

  it('treats an opening fence line without a newline yet as an open fence', () => {
    expect(repairStreamingMarkdown('Text\n```type')).toEqual({
      text: 'Text\n```type\n```',
      openFenceStart: 5,
    });
  });

  it('drops a partial opening marker that could still become a fence', () => {
    expect(repairStreamingMarkdown('Text\n`').text).toBe('Text\n');
    expect(repairStreamingMarkdown('Text\n``').text).toBe('Text\n');
    expect(repairStreamingMarkdown('Use `x` here').text).toBe('Use `x` here');
  });

  it('drops a half-typed closing fence instead of showing it as code', () => {
    expect(repairStreamingMarkdown('```\ncode\n``')).toEqual({
      text: '```\ncode\n```',
      openFenceStart: 0,
    });
  });

  it('recognises a closing fence that has arrived without its newline', () => {
    expect(repairStreamingMarkdown('```\ncode\n```')).toEqual({
      text: '```\ncode\n```',
      openFenceStart: null,
    });
  });

  it('only reports the last fence when an earlier one is closed', () => {
    const text = '```\na\n```\n\n```sh\nls';
    const result = repairStreamingMarkdown(text);
    expect(result.openFenceStart).toBe(text.indexOf('```sh'));
    expect(result.text).toBe(`${text}\n\`\`\``);
  });

  it('closes unfinished emphasis, inline code and links while the answer streams', () => {
    expect(repairStreamingMarkdown('Hello **wor').text).toBe('Hello **wor**');
    expect(repairStreamingMarkdown('an _ital').text).toBe('an _ital_');
    expect(repairStreamingMarkdown('run `npm i').text).toBe('run `npm i`');
    expect(repairStreamingMarkdown('- item **b').text).toBe('- item **b**');
    // An unfinished link shows its text only, never a half-typed URL.
    expect(repairStreamingMarkdown('see [the docs](https://exa').text).toBe('see the docs');
    expect(repairStreamingMarkdown('see [the do').text).toBe('see the do');
    // Words with underscores and plain arithmetic are not emphasis.
    expect(repairStreamingMarkdown('snake_case_name and 2 * 3').text).toBe(
      'snake_case_name and 2 * 3',
    );
  });

  it('repairs nothing inline inside a code fence that is still open', () => {
    expect(repairStreamingMarkdown('Intro\n```md\n**not bold').text).toBe(
      'Intro\n```md\n**not bold\n```',
    );
  });
});
