import { describe, expect, it } from 'vitest';
import { mcpToolName, namespaceMcpTools, TOOL_NAME_PATTERN } from './names';

describe('mcpToolName', () => {
  it('keeps valid names readable', () => {
    expect(mcpToolName('docs', 'search')).toBe('mcp__docs__search');
    expect(mcpToolName('a-b_c', 'get-page_2')).toBe('mcp__a-b_c__get-page_2');
  });

  it('sanitizes invalid characters and appends a stable hash', () => {
    const name = mcpToolName('docs', 'files.read');
    expect(name).toMatch(/^mcp__docs__files_read_[0-9a-f]{8}$/);
    expect(mcpToolName('docs', 'files.read')).toBe(name);
    // Same sanitized text, different original → different name.
    expect(mcpToolName('docs', 'files/read')).not.toBe(name);
    expect(mcpToolName('docs', 'files_read')).toBe('mcp__docs__files_read');
  });

  it('truncates long names to 64 characters, keeping them distinct', () => {
    const server = 's'.repeat(32);
    const a = mcpToolName(server, `${'x'.repeat(60)}a`);
    const b = mcpToolName(server, `${'x'.repeat(60)}b`);
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(a.startsWith(`mcp__${server}__xxx`)).toBe(true);
  });

  it.each(['', 'héllo wörld', '🙂', 'a'.repeat(200), 'x'.repeat(30), 'with space', '../etc'])(
    'always produces a valid OpenAI function name for %j',
    (tool) => {
      expect(mcpToolName('srv', tool)).toMatch(TOOL_NAME_PATTERN);
      expect(mcpToolName('s'.repeat(32), tool)).toMatch(TOOL_NAME_PATTERN);
    },
  );
});

describe('namespaceMcpTools', () => {
  it('maps namespaced names back to the originals', () => {
    const map = namespaceMcpTools('docs', ['search', 'files.read', 'files/read']);
    expect(map.size).toBe(3);
    expect(map.get('mcp__docs__search')).toBe('search');
    expect(map.get(mcpToolName('docs', 'files.read'))).toBe('files.read');
    expect(map.get(mcpToolName('docs', 'files/read'))).toBe('files/read');
    for (const name of map.keys()) expect(name).toMatch(TOOL_NAME_PATTERN);
  });

  it("disambiguates a plain name that equals another tool's hashed name", () => {
    const hashed = mcpToolName('docs', 'files.read');
    const lookalike = hashed.slice('mcp__docs__'.length);
    const map = namespaceMcpTools('docs', ['files.read', lookalike]);
    expect(map.get(hashed)).toBe('files.read');
    expect(map.get(`${hashed}_2`)).toBe(lookalike);
  });

  it('ignores duplicate originals', () => {
    expect([...namespaceMcpTools('docs', ['a', 'a']).entries()]).toEqual([['mcp__docs__a', 'a']]);
  });
});
