import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';
import { makeSnippet } from './search-text';

const flat = (md: string) => markdownToPlainText(md).replace(/\s+/g, ' ').trim();

describe('markdownToPlainText', () => {
  it('drops emphasis, code and link syntax but keeps the words', () => {
    expect(flat("I'm Parley's **offline demo model**: *really* ~~not~~ `npm test`")).toBe(
      "I'm Parley's offline demo model: really not npm test",
    );
    expect(flat('See [the docs](https://x.test/a_(b)) and ![a cat](cat.png).')).toBe(
      'See the docs and a cat.',
    );
    expect(flat('keep snake_case_names and 2 * 3 * 4 as they are')).toBe(
      'keep snake_case_names and 2 * 3 * 4 as they are',
    );
  });

  it('drops block syntax: headings, lists, quotes, fences, tables, HTML', () => {
    const md = [
      '## Title',
      '- one',
      '1. two',
      '> quoted',
      '```bash',
      'OPENAI_API_KEY=sk-...',
      '```',
      '| Try this | What it shows |',
      '| --- | --- |',
      '| Reload | saved |',
      '<b>bold</b>',
    ].join('\n');
    expect(flat(md)).toBe(
      'Title one two quoted OPENAI_API_KEY=sk-... Try this · What it shows Reload · saved bold',
    );
  });

  it('makes search snippets plain', () => {
    const content = "I'm Parley's **offline demo model**: no AI provider is connected yet";
    expect(makeSnippet(markdownToPlainText(content), 'demo')).toBe(
      "I'm Parley's offline demo model: no AI provider is connected yet",
    );
  });
});
