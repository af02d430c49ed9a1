import 'server-only';
import { getConfig } from '@/lib/server/config';
import { BUILTIN_TOOL_NAMES, BUILTIN_TOOLS } from './builtin';
import { type ClosableToolCatalog, createToolCatalog } from './catalog';

export type { BuiltinToolName } from '@/lib/server/config/builtin-tools';
export type { CatalogOptions, ClosableToolCatalog } from './catalog';
export { createToolCatalog } from './catalog';
export { executeTool, MAX_RESULT_CHARS, parseArguments } from './execute';
export { mcpToolName, TOOL_NAME_PATTERN } from './names';
export { type OpenAITool, toOpenAITools } from './openai';
export type {
  JsonSchema,
  Tool,
  ToolCatalog,
  ToolContext,
  ToolInfo,
  ToolOutput,
  ToolProblem,
  ToolResult,
} from './types';
export { BUILTIN_TOOL_NAMES, BUILTIN_TOOLS };

// On globalThis so `next dev` module reloads reuse the MCP connections instead of leaking them.
const holder = globalThis as typeof globalThis & { __parleyToolCatalog?: ClosableToolCatalog };

/** Built-ins plus the MCP servers from the configuration; connections open on first use. */
export function getToolCatalog(): ClosableToolCatalog {
  if (holder.__parleyToolCatalog === undefined) {
    const config = getConfig();
    holder.__parleyToolCatalog = createToolCatalog({
      builtins: BUILTIN_TOOLS,
      toolApproval: config.toolApproval,
      mcpServers: config.mcpServers,
    });
  }
  return holder.__parleyToolCatalog;
}
