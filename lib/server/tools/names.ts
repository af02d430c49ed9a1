import 'server-only';
import { createHash } from 'node:crypto';

/** OpenAI's rule for function names; stricter providers accept it too. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX_NAME = 64;
const HASH_LENGTH = 8;
const PREFIX = 'mcp__';

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
}

/**
 * The name the model sees for MCP tool `tool` of server `server` (a config-validated name).
 * Names that are already valid stay readable: `mcp__docs__search`. Anything sanitized or
 * truncated gets a hash of the original name appended, so two different originals cannot
 * end up with the same result by sanitizing alone, and the result is stable across restarts.
 */
export function mcpToolName(server: string, tool: string): string {
  const plain = `${PREFIX}${server}__${tool}`;
  if (TOOL_NAME_PATTERN.test(plain)) return plain;
  const sanitized = `${PREFIX}${server}__${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  const suffix = `_${shortHash(tool)}`;
  return `${sanitized.slice(0, MAX_NAME - suffix.length)}${suffix}`;
}

/**
 * Namespaced name → original tool name for one server. Tools are taken in the given order;
 * in the (hash-collision) case of two tools sharing a namespaced name, the later one gets a
 * numeric suffix, still within 64 characters.
 */
export function namespaceMcpTools(server: string, tools: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const tool of tools) {
    if ([...map.values()].includes(tool)) continue;
    let name = mcpToolName(server, tool);
    for (let n = 2; map.has(name); n++) {
      const suffix = `_${n}`;
      name = `${mcpToolName(server, tool).slice(0, MAX_NAME - suffix.length)}${suffix}`;
    }
    map.set(name, tool);
  }
  return map;
}
