import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * A real MCP server (the SDK's McpServer over Streamable HTTP, stateful sessions) on 127.0.0.1,
 * for tests. Tools: echo {text}, slow {ms} (honours cancellation), fail (isError), mixed
 * (image + resource + text), "dotted.name" (needs a sanitized namespaced name).
 */
export interface TestMcpServer {
  url: string;
  /** Every HTTP request seen, in order: method, JSON-RPC method (if any) and headers. */
  requests: { method: string; rpc: string | null; headers: IncomingHttpHeaders }[];
  /** Calls to `slow` whose AbortSignal fired (the client sent notifications/cancelled). */
  cancelledSlowCalls: number;
  /** Forget every session, as a restarted server would. */
  dropSessions(): Promise<void>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text === '' ? undefined : JSON.parse(text));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function rpcMethod(body: unknown): string | null {
  const first = Array.isArray(body) ? body[0] : body;
  return first !== null && typeof first === 'object' && 'method' in first
    ? String(first.method)
    : null;
}

export async function startTestMcpServer(): Promise<TestMcpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const state: Pick<TestMcpServer, 'requests' | 'cancelledSlowCalls'> = {
    requests: [],
    cancelledSlowCalls: 0,
  };

  function buildServer(): McpServer {
    const server = new McpServer({ name: 'parley-test', version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Echoes the text back', inputSchema: { text: z.string() } },
      async ({ text }) => ({ content: [{ type: 'text', text }] }),
    );
    server.registerTool(
      'slow',
      { description: 'Waits, then answers', inputSchema: { ms: z.number() } },
      async ({ ms }, extra) => {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          extra.signal.addEventListener('abort', () => {
            state.cancelledSlowCalls++;
            clearTimeout(timer);
            resolve();
          });
        });
        return { content: [{ type: 'text', text: `waited ${ms} ms` }] };
      },
    );
    server.registerTool('fail', { description: 'Always fails' }, async () => ({
      isError: true,
      content: [{ type: 'text', text: 'it failed on purpose' }],
    }));
    server.registerTool('mixed', { description: 'Several content parts' }, async () => ({
      content: [
        { type: 'text', text: 'caption' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'mem://note', text: 'note body' } },
      ],
    }));
    server.registerTool('dotted.name', { description: 'A name OpenAI would reject' }, async () => ({
      content: [{ type: 'text', text: 'dotted ok' }],
    }));
    return server;
  }

  const http = createServer(async (req, res) => {
    try {
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      state.requests.push({ method: req.method ?? '', rpc: rpcMethod(body), headers: req.headers });
      const sessionId = req.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (transport === undefined) {
        if (sessionId !== undefined || !isInitializeRequest(body)) {
          res.writeHead(sessionId === undefined ? 400 : 404, {
            'content-type': 'application/json',
          });
          res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32000, message: 'No session' },
              id: null,
            }),
          );
          return;
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            transports.set(id, created);
          },
        });
        transport = created;
        await buildServer().connect(created);
      }
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  async function dropSessions() {
    const open = [...transports.values()];
    transports.clear();
    await Promise.all(open.map((t) => t.close().catch(() => {})));
  }

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get requests() {
      return state.requests;
    },
    get cancelledSlowCalls() {
      return state.cancelledSlowCalls;
    },
    dropSessions,
    async close() {
      await dropSessions();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
