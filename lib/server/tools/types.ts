import 'server-only';

export type JsonSchema = Record<string, unknown>;

/** What the catalog knows about a tool; everything here is safe to show the browser. */
export interface ToolInfo {
  /** Matches TOOL_NAME_PATTERN; for MCP tools the namespaced name (`mcp__<server>__<tool>`). */
  name: string;
  /** Written for the model: precise, long. */
  description: string;
  /** Written for people (the Tools menu): one short line. */
  summary: string;
  /** JSON schema of the arguments object, as sent to the model. */
  parameters: JsonSchema;
  requiresApproval: boolean;
  source: 'builtin' | 'mcp';
  /** MCP server name (source 'mcp' only). */
  server?: string;
}

export interface ToolContext {
  signal: AbortSignal;
  /** IANA time zone of the browser, when it sent one. */
  timeZone?: string;
}

export interface ToolOutput {
  ok: boolean;
  /** Text for the model (and the card). */
  content: string;
}

export interface Tool extends ToolInfo {
  run(args: unknown, ctx: ToolContext): Promise<ToolOutput>;
}

export interface ToolProblem {
  /** MCP server name. */
  server: string;
  message: string;
}

export interface ToolCatalog {
  /** Built-ins plus every reachable MCP server's tools; a broken server is a problem, never a throw. */
  list(): Promise<{ tools: Tool[]; problems: ToolProblem[] }>;
  get(name: string): Promise<Tool | undefined>;
}

export interface ToolResult {
  status: 'done' | 'error';
  content: string;
  durationMs: number;
}
