import 'server-only';
import type { JsonSchema, ToolInfo } from './types';

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

/** The `tools` field of a chat completion request. */
export function toOpenAITools(tools: readonly ToolInfo[]): OpenAITool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
