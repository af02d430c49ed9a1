import 'server-only';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { getConfig, type McpServerConfig } from '@/lib/server/config';
import { boundedFetch } from '@/lib/server/upstream/bounded-body';
import { namespaceMcpTools } from '../names';
import type { JsonSchema, Tool } from '../types';
import { withDeadline } from './deadline';
import { mcpResultToOutput } from './result';
import { mcpSummary } from '../summary';

export interface McpConnectionOptions {
  /** Budget for connecting plus listing tools. */
  discoveryTimeoutMs: number;
  /** How long a successful tool list is reused. */
  listTtlMs: number;
  /** How long a failed discovery is remembered, so a dead server does not stall every turn. */
  failureTtlMs: number;
  now?: () => number;
  /** Cap on each response body; default UPSTREAM_BODY_MAX_BYTES. */
  maxBodyBytes?: number;
}

// The executor enforces the real per-call deadline through the AbortSignal; this only lifts the
// SDK's 60 s default so TOOL_TIMEOUT_MS up to 300 s is honoured.
const CALL_REQUEST_TIMEOUT_MS = 310_000;
const MAX_LIST_PAGES = 20;

type Listing = { at: number; result: { ok: true; tools: Tool[] } | { ok: false; error: string } };

function message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Node's fetch says only "fetch failed"; the cause names it (connect ECONNREFUSED 127.0.0.1:9).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const full = cause !== '' && !text.includes(cause) ? `${text} (${cause})` : text;
  return full.trim() === '' ? 'unknown error' : full;
}

function toParameters(schema: unknown): JsonSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { type: 'object', properties: {} };
  }
  const { $schema: _ignored, ...rest } = schema as JsonSchema;
  return { ...rest, type: 'object' };
}

/** One MCP server: lazy connection, cached tool list, reconnect after a failure. */
export class McpConnection {
  private client: Client | null = null;
  /** Kept so close() can abort a connect that hangs (its fetch would otherwise never settle). */
  private connecting: { client: Client; promise: Promise<Client> } | null = null;
  private listing: Listing | null = null;
  private discovering: Promise<Tool[]> | null = null;
  private readonly now: () => number;

  constructor(
    readonly server: McpServerConfig,
    private readonly options: McpConnectionOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The server's tools under namespaced names; throws (with a message) when unreachable. */
  async listTools(): Promise<Tool[]> {
    const cached = this.listing;
    if (cached) {
      const ttl = cached.result.ok ? this.options.listTtlMs : this.options.failureTtlMs;
      if (this.now() - cached.at < ttl) {
        if (cached.result.ok) return cached.result.tools;
        throw new Error(cached.result.error);
      }
    }
    this.discovering ??= this.discover().finally(() => {
      this.discovering = null;
    });
    return this.discovering;
  }

  async close(): Promise<void> {
    const clients = [this.client, this.connecting?.client];
    this.client = null;
    this.connecting = null;
    await Promise.all(clients.map((c) => c?.close().catch(() => {})));
  }

  private async discover(): Promise<Tool[]> {
    const seconds = this.options.discoveryTimeoutMs / 1000;
    const deadline = new AbortController();
    try {
      const tools = await withDeadline(
        this.fetchToolsOnce(deadline.signal),
        this.options.discoveryTimeoutMs,
        `did not answer within ${seconds} s`,
      );
      this.listing = { at: this.now(), result: { ok: true, tools } };
      return tools;
    } catch (error) {
      deadline.abort();
      // Whatever state the connection is in, start afresh next time.
      await this.close();
      const text = `MCP server "${this.server.name}" is unavailable: ${message(error)}`;
      this.listing = { at: this.now(), result: { ok: false, error: text } };
      throw new Error(text);
    }
  }

  /** A connection reused from earlier may be stale (server restarted): retry once afresh. */
  private async fetchToolsOnce(signal: AbortSignal): Promise<Tool[]> {
    const reused = this.client !== null;
    try {
      return await this.fetchTools(signal);
    } catch (error) {
      if (!reused || signal.aborted) throw error;
      await this.close();
      return this.fetchTools(signal);
    }
  }

  private async fetchTools(signal: AbortSignal): Promise<Tool[]> {
    const client = await this.connect();
    const found: { name: string; description?: string; title?: string; inputSchema: unknown }[] =
      [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor }, {
        signal,
        timeout: this.options.discoveryTimeoutMs,
      });
      found.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    const names = namespaceMcpTools(
      this.server.name,
      found.map((t) => t.name),
    );
    const byOriginal = new Map(found.map((t) => [t.name, t]));
    return [...names].map(([name, original]) => {
      const info = byOriginal.get(original);
      return {
        name,
        description:
          info?.description ??
          info?.title ??
          `Tool "${original}" of MCP server "${this.server.name}"`,
        summary: mcpSummary(info?.title, info?.description, this.server.name),
        parameters: toParameters(info?.inputSchema),
        requiresApproval: this.server.requireApproval,
        source: 'mcp',
        server: this.server.name,
        run: (args, ctx) => this.callTool(original, args, ctx.signal),
      } satisfies Tool;
    });
  }

  private connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting.promise;
    const client = new Client({ name: 'parley', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(this.server.url), {
      requestInit: { headers: this.server.headers },
      // Each response body is capped: an MCP server must not be able to fill our memory.
      fetch: boundedFetch(this.options.maxBodyBytes ?? getConfig().limits.upstreamBodyBytes),
      // Reconnecting is ours to do, on the next use; the SDK must not retry in the background.
      reconnectionOptions: {
        maxRetries: 0,
        initialReconnectionDelay: 1000,
        maxReconnectionDelay: 1000,
        reconnectionDelayGrowFactor: 1,
      },
    });
    client.onclose = () => {
      if (this.client === client) this.client = null;
    };
    const promise = (async () => {
      try {
        await client.connect(transport, { timeout: this.options.discoveryTimeoutMs });
      } catch (error) {
        await client.close().catch(() => {});
        throw error;
      }
      if (this.connecting?.client !== client) {
        // close() ran while we were connecting (e.g. the discovery deadline passed).
        await client.close().catch(() => {});
        throw new Error('the connection was closed');
      }
      this.client = client;
      return client;
    })().finally(() => {
      if (this.connecting?.client === client) this.connecting = null;
    });
    this.connecting = { client, promise };
    return promise;
  }

  private async callTool(name: string, args: unknown, signal: AbortSignal) {
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      return { ok: false, content: 'The arguments must be a JSON object' };
    }
    const client = await withDeadline(
      this.connect(),
      this.options.discoveryTimeoutMs,
      `could not connect to MCP server "${this.server.name}" within ${this.options.discoveryTimeoutMs / 1000} s`,
      signal,
    ).catch(async (error: unknown) => {
      await this.close();
      throw error;
    });
    try {
      const result = await client.callTool(
        { name, arguments: args as Record<string, unknown> },
        undefined,
        { signal, timeout: CALL_REQUEST_TIMEOUT_MS },
      );
      return mcpResultToOutput(result);
    } catch (error) {
      if (signal.aborted) throw error;
      const protocolError = error instanceof McpError && error.code !== ErrorCode.ConnectionClosed;
      if (!protocolError && this.client === client) {
        // The transport failed (server restarted, session expired): reconnect on next use.
        // The call itself is not retried: it may already have had side effects.
        await this.close();
        this.listing = null;
      }
      throw new Error(`MCP server "${this.server.name}": ${message(error)}`);
    }
  }
}
