import 'server-only';
import type { McpServerConfig } from '@/lib/server/config';
import { McpConnection } from './mcp/connection';
import type { Tool, ToolCatalog, ToolProblem } from './types';

export interface CatalogOptions {
  builtins: readonly Tool[];
  /** Built-in tool names that need approval (TOOL_APPROVAL). */
  toolApproval: readonly string[];
  mcpServers: readonly McpServerConfig[];
  /** Connect + list budget per MCP server. Default 5 s. */
  discoveryTimeoutMs?: number;
  /** Reuse of a server's tool list. Default 60 s. */
  listTtlMs?: number;
  /** A failed server is retried after this long. Default 10 s. */
  failureTtlMs?: number;
}

export interface ClosableToolCatalog extends ToolCatalog {
  /** Closes every MCP connection (tests, shutdown). */
  close(): Promise<void>;
}

export function createToolCatalog(options: CatalogOptions): ClosableToolCatalog {
  const approval = new Set(options.toolApproval);
  // Spread keeps `run` (a property, not a method) and never mutates the shared definitions.
  const builtins: Tool[] = options.builtins.map((tool) => ({
    ...tool,
    requiresApproval: approval.has(tool.name),
  }));
  const connections = options.mcpServers.map(
    (server) =>
      new McpConnection(server, {
        discoveryTimeoutMs: options.discoveryTimeoutMs ?? 5_000,
        listTtlMs: options.listTtlMs ?? 60_000,
        failureTtlMs: options.failureTtlMs ?? 10_000,
      }),
  );

  async function list(): Promise<{ tools: Tool[]; problems: ToolProblem[] }> {
    const tools = [...builtins];
    const problems: ToolProblem[] = [];
    const listings = await Promise.allSettled(connections.map((c) => c.listTools()));
    const taken = new Set(tools.map((t) => t.name));
    listings.forEach((listing, i) => {
      const server = connections[i]?.server.name ?? 'unknown';
      if (listing.status === 'rejected') {
        const reason: unknown = listing.reason;
        problems.push({
          server,
          message: reason instanceof Error ? reason.message : String(reason),
        });
        return;
      }
      for (const tool of listing.value) {
        // Possible only with contrived names (server "a__b" + tool "c" vs server "a" + tool "b__c").
        if (taken.has(tool.name)) {
          problems.push({
            server,
            message: `Tool ${tool.name} skipped: another tool has that name`,
          });
          continue;
        }
        taken.add(tool.name);
        tools.push(tool);
      }
    });
    return { tools, problems };
  }

  return {
    list,
    async get(name) {
      const builtin = builtins.find((t) => t.name === name);
      if (builtin) return builtin;
      if (!name.startsWith('mcp__')) return undefined;
      return (await list()).tools.find((t) => t.name === name);
    },
    async close() {
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}
