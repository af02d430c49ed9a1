import 'server-only';
import type { ToolOutput } from '../types';

type Part = Record<string, unknown>;

function isRecord(value: unknown): value is Part {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function partToText(part: unknown): string {
  if (!isRecord(part)) return JSON.stringify(part) ?? String(part);
  switch (part.type) {
    case 'text':
      return str(part.text) ?? '';
    case 'image':
      return '[image]';
    case 'audio':
      return '[audio]';
    case 'resource': {
      const resource = isRecord(part.resource) ? part.resource : {};
      const uri = str(resource.uri) ?? 'unknown';
      const text = str(resource.text);
      if (text !== undefined) return `[resource ${uri}]\n${text}`;
      const mime = str(resource.mimeType);
      return `[resource ${uri}${mime ? ` (${mime})` : ''}: binary content not shown]`;
    }
    case 'resource_link':
      return `[resource link ${str(part.name) ?? ''} ${str(part.uri) ?? ''}]`.replace(/ +]/, ']');
    default:
      // Unknown part types are passed on as JSON rather than dropped.
      return JSON.stringify(part);
  }
}

/**
 * Text for the model from an MCP tools/call result: text parts verbatim, structured content
 * as JSON when there is nothing else, placeholders for binary parts. `isError` → ok: false.
 */
export function mcpResultToOutput(result: unknown): ToolOutput {
  if (!isRecord(result)) {
    return { ok: false, content: 'The MCP server returned an invalid result' };
  }
  const ok = result.isError !== true;
  // Pre-2024-11-05 servers answer with `toolResult` instead of content parts.
  if (!Array.isArray(result.content)) {
    const legacy = 'toolResult' in result ? result.toolResult : result.structuredContent;
    return legacy === undefined
      ? { ok: false, content: 'The MCP server returned a result without content' }
      : { ok, content: typeof legacy === 'string' ? legacy : JSON.stringify(legacy) };
  }
  const texts = result.content.map(partToText).filter((t) => t !== '');
  if (texts.length === 0 && result.structuredContent !== undefined) {
    texts.push(JSON.stringify(result.structuredContent));
  }
  const content = texts.join('\n');
  if (content === '') {
    return { ok, content: ok ? '(the tool returned no content)' : 'The tool reported an error' };
  }
  return { ok, content };
}
