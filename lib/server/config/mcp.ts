import 'server-only';
import { z } from 'zod';
import { describePath, isHttpUrl, schemeOf } from '@/lib/server/config/values';

// The MCP_SERVERS variable (lib/server/config/index.ts calls this parser). Header values are never
// echoed in errors: they are usually credentials.

export interface McpServerConfig {
  /** [a-zA-Z0-9_-]{1,32}, unique; its tools are offered as `mcp__<name>__<tool>`. */
  name: string;
  /** Streamable HTTP endpoint, http(s). */
  url: string;
  /** Sent with every request to this server (e.g. Authorization). */
  headers: Record<string, string>;
  requireApproval: boolean;
}

const MCP_EXAMPLE = '[{"name":"docs","url":"http://127.0.0.1:9000/mcp"}]';
export const MCP_SERVER_NAME = /^[a-zA-Z0-9_-]{1,32}$/;

const mcpServerSchema = z.strictObject({
  name: z.string().regex(MCP_SERVER_NAME, {
    error: (issue) =>
      `must be 1–32 letters, digits, "_" or "-" (got ${JSON.stringify(issue.input)})`,
  }),
  url: z.string().refine(isHttpUrl, {
    // Only the scheme: a URL may carry a token in its query string.
    error: (issue) =>
      `must be an http(s) URL such as http://127.0.0.1:9000/mcp (got scheme ${JSON.stringify(schemeOf(String(issue.input)))})`,
  }),
  headers: z.record(z.string(), z.string()).default({}),
  requireApproval: z.boolean().default(false),
});

export function parseMcpServers(value: string, ctx: z.RefinementCtx): McpServerConfig[] {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `MCP_SERVERS must be a JSON array such as ${MCP_EXAMPLE} (the value is not valid JSON: ${error instanceof Error ? error.message : String(error)})`,
    });
    return [];
  }
  const result = z.array(mcpServerSchema).safeParse(json);
  if (!result.success) {
    for (const issue of result.error.issues) {
      // Header values are never echoed: they are usually credentials.
      const where = issue.path.length === 0 ? '' : describePath(issue.path);
      ctx.addIssue({
        code: 'custom',
        message:
          issue.path.length === 0
            ? `MCP_SERVERS must be a JSON array such as ${MCP_EXAMPLE}`
            : `MCP_SERVERS${where} ${issue.message}; expected entries like {"name":"docs","url":"http://127.0.0.1:9000/mcp","headers":{"Authorization":"Bearer …"},"requireApproval":false}`,
      });
    }
    return [];
  }
  const seen = new Set<string>();
  for (const server of result.data) {
    if (seen.has(server.name)) {
      ctx.addIssue({
        code: 'custom',
        message: `MCP_SERVERS lists the name ${JSON.stringify(server.name)} twice; every server needs a unique name`,
      });
    }
    seen.add(server.name);
  }
  return result.data;
}
