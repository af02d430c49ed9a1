import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from './builtin';
import { mcpSummary } from './summary';

describe('tool summaries for people', () => {
  it('built-ins have a short line, shorter than the model-facing description', () => {
    for (const tool of BUILTIN_TOOLS) {
      expect(tool.summary.length).toBeLessThan(70);
      expect(tool.summary.length).toBeLessThan(tool.description.length);
    }
  });
  it('MCP tools use the title, else the first sentence of the description, clipped', () => {
    expect(mcpSummary('Search docs', 'Long text. More.', 's')).toBe('Search docs');
    expect(mcpSummary(undefined, 'Searches the docs.\nUse it when asked.', 's')).toBe(
      'Searches the docs.',
    );
    expect(mcpSummary(undefined, 'x'.repeat(300), 's')).toHaveLength(100);
    expect(mcpSummary(undefined, '  ', 'docs')).toBe('A tool of the MCP server “docs”');
  });
});
