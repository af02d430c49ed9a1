import { describe, expect, it } from 'vitest';
import { mcpResultToOutput } from './result';

describe('mcpResultToOutput', () => {
  it('joins text parts and marks binary ones', () => {
    expect(
      mcpResultToOutput({
        content: [
          { type: 'text', text: 'first' },
          { type: 'image', data: 'iVBORw0', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'text', text: 'second' },
        ],
      }),
    ).toEqual({ ok: true, content: 'first\n[image]\n[audio]\nsecond' });
  });

  it('renders resources and resource links', () => {
    const out = mcpResultToOutput({
      content: [
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hello' } },
        {
          type: 'resource',
          resource: { uri: 'file:///b.bin', blob: 'AAA', mimeType: 'application/pdf' },
        },
        { type: 'resource_link', uri: 'https://x/doc', name: 'doc' },
      ],
    });
    expect(out.content).toBe(
      [
        '[resource file:///a.txt]\nhello',
        '[resource file:///b.bin (application/pdf): binary content not shown]',
        '[resource link doc https://x/doc]',
      ].join('\n'),
    );
  });

  it('uses structured content when there are no content parts', () => {
    expect(mcpResultToOutput({ content: [], structuredContent: { temp: 21 } })).toEqual({
      ok: true,
      content: '{"temp":21}',
    });
    // Text wins when both are present (servers send the same data twice).
    expect(
      mcpResultToOutput({
        content: [{ type: 'text', text: '21' }],
        structuredContent: { temp: 21 },
      }).content,
    ).toBe('21');
  });

  it('reports isError results as failures with their text', () => {
    expect(
      mcpResultToOutput({ isError: true, content: [{ type: 'text', text: 'not found' }] }),
    ).toEqual({ ok: false, content: 'not found' });
    expect(mcpResultToOutput({ isError: true, content: [] })).toEqual({
      ok: false,
      content: 'The tool reported an error',
    });
  });

  it('handles legacy, empty, unknown and junk results', () => {
    expect(mcpResultToOutput({ toolResult: { a: 1 } })).toEqual({ ok: true, content: '{"a":1}' });
    expect(mcpResultToOutput({ content: [] })).toEqual({
      ok: true,
      content: '(the tool returned no content)',
    });
    expect(mcpResultToOutput({ content: [{ type: 'video', url: 'x' }] }).content).toBe(
      '{"type":"video","url":"x"}',
    );
    expect(mcpResultToOutput('junk').ok).toBe(false);
    expect(mcpResultToOutput({ nothing: true })).toEqual({
      ok: false,
      content: 'The MCP server returned a result without content',
    });
  });
});
