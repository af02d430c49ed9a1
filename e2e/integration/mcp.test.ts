import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '@/lib/server/config';
import { BUILTIN_TOOLS } from '@/lib/server/tools/builtin';
import { type ClosableToolCatalog, createToolCatalog } from '@/lib/server/tools/catalog';
import { executeTool } from '@/lib/server/tools/execute';
import { mcpToolName } from '@/lib/server/tools/names';
import type { Tool } from '@/lib/server/tools/types';
import { freePort } from '../support/free-port';
import { startTestMcpServer, type TestMcpServer } from './mcp-server';

let mcp: TestMcpServer;
let hanging: { url: string; close(): Promise<void> };
let junk: { url: string; close(): Promise<void> };
const catalogs: ClosableToolCatalog[] = [];

/** Accepts TCP connections and never answers: a server stuck before its first byte. */
async function startHangingServer() {
  const sockets = new Set<Socket>();
  const server: Server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers every request with 200 and a body that is not MCP. */
async function startJunkServer() {
  const server: HttpServer = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"hello": "this is not JSON-RPC"');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function catalog(
  servers: McpServerConfig[],
  options: { discoveryTimeoutMs?: number; listTtlMs?: number } = {},
): ClosableToolCatalog {
  const created = createToolCatalog({
    builtins: BUILTIN_TOOLS,
    toolApproval: [],
    mcpServers: servers,
    discoveryTimeoutMs: 1_000,
    ...options,
  });
  catalogs.push(created);
  return created;
}

const server = (
  name: string,
  url: string,
  extra: Partial<McpServerConfig> = {},
): McpServerConfig => ({
  name,
  url,
  headers: {},
  requireApproval: false,
  ...extra,
});

async function tool(c: ClosableToolCatalog, name: string): Promise<Tool> {
  const found = await c.get(name);
  if (!found) throw new Error(`tool ${name} not found`);
  return found;
}

const run = (t: Tool, args: string, timeoutMs = 5_000) =>
  executeTool(t, args, { signal: new AbortController().signal, timeoutMs });

beforeAll(async () => {
  [mcp, hanging, junk] = await Promise.all([
    startTestMcpServer(),
    startHangingServer(),
    startJunkServer(),
  ]);
});

afterAll(async () => {
  await Promise.all(catalogs.map((c) => c.close()));
  await Promise.all([mcp?.close(), hanging?.close(), junk?.close()]);
});

describe('MCP tools', () => {
  const alpha = () => server('alpha', mcp.url, { headers: { 'x-parley-test': 'alpha-secret' } });
  const beta = () =>
    server('beta', mcp.url, {
      headers: { authorization: 'Bearer beta-token' },
      requireApproval: true,
    });

  it('lists tools under namespaced names with the approval flag and per-server headers', async () => {
    const c = catalog([alpha(), beta()]);
    const { tools, problems } = await c.list();
    expect(problems).toEqual([]);
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 3)).toEqual(['get_current_time', 'calculate', 'convert_units']);
    const dotted = mcpToolName('alpha', 'dotted.name');
    expect(dotted).toMatch(/^mcp__alpha__dotted_name_[0-9a-f]{8}$/);
    expect(names).toEqual(
      expect.arrayContaining([
        'mcp__alpha__echo',
        'mcp__alpha__slow',
        'mcp__alpha__fail',
        'mcp__alpha__mixed',
        dotted,
        'mcp__beta__echo',
      ]),
    );
    for (const t of tools) expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);

    const echo = tools.find((t) => t.name === 'mcp__alpha__echo');
    expect(echo).toMatchObject({
      source: 'mcp',
      server: 'alpha',
      requiresApproval: false,
      description: 'Echoes the text back',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    expect(tools.find((t) => t.name === 'mcp__beta__echo')?.requiresApproval).toBe(true);

    const seen = mcp.requests.filter((r) => r.rpc === 'tools/list');
    expect(seen.some((r) => r.headers['x-parley-test'] === 'alpha-secret')).toBe(true);
    expect(seen.some((r) => r.headers.authorization === 'Bearer beta-token')).toBe(true);
    // Each server's headers go to that server only.
    for (const r of mcp.requests) {
      expect(r.headers['x-parley-test'] === 'alpha-secret' && r.headers.authorization).toBeFalsy();
    }
  });

  it('calls a tool, maps its original name and sends the headers with the call', async () => {
    const c = catalog([alpha()]);
    const before = mcp.requests.length;
    expect(await run(await tool(c, 'mcp__alpha__echo'), '{"text":"hello over MCP"}')).toMatchObject(
      {
        status: 'done',
        content: 'hello over MCP',
      },
    );
    const call = mcp.requests.slice(before).find((r) => r.rpc === 'tools/call');
    expect(call?.headers['x-parley-test']).toBe('alpha-secret');

    const dotted = await tool(c, mcpToolName('alpha', 'dotted.name'));
    expect(await run(dotted, '')).toMatchObject({ status: 'done', content: 'dotted ok' });
    expect(await run(await tool(c, 'mcp__alpha__mixed'), '{}')).toMatchObject({
      status: 'done',
      content: 'caption\n[image]\n[resource mem://note]\nnote body',
    });
  });

  it('turns an isError result and a server-side argument error into error results', async () => {
    const c = catalog([alpha()]);
    expect(await run(await tool(c, 'mcp__alpha__fail'), '{}')).toMatchObject({
      status: 'error',
      content: 'it failed on purpose',
    });
    const invalid = await run(await tool(c, 'mcp__alpha__echo'), '{"text": 42}');
    expect(invalid.status).toBe('error');
    expect(invalid.content).toMatch(/text/);
  });

  it('times a slow tool out quickly and cancels it on the server', async () => {
    const c = catalog([alpha()]);
    const slow = await tool(c, 'mcp__alpha__slow');
    const started = Date.now();
    const result = await run(slow, '{"ms": 10000}', 300);
    expect(result).toMatchObject({ status: 'error', content: 'The tool timed out after 0.3 s' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => mcp.cancelledSlowCalls, { timeout: 2_000 }).toBeGreaterThan(0);
    // The connection survives a cancelled call.
    expect(await run(slow, '{"ms": 10}')).toMatchObject({
      status: 'done',
      content: 'waited 10 ms',
    });
  });

  it('reconnects after the server forgot the session', async () => {
    const c = catalog([alpha()]);
    const echo = await tool(c, 'mcp__alpha__echo');
    expect((await run(echo, '{"text":"one"}')).status).toBe('done');
    await mcp.dropSessions();
    const lost = await run(echo, '{"text":"two"}');
    expect(lost.status).toBe('error');
    expect(lost.content).toMatch(/^MCP server "alpha": /);
    expect(await run(echo, '{"text":"three"}')).toMatchObject({ status: 'done', content: 'three' });
    expect((await c.list()).problems).toEqual([]);
  });

  it('re-lists over a fresh connection when the old session is gone', async () => {
    const c = catalog([alpha()], { listTtlMs: 0 });
    expect((await c.list()).problems).toEqual([]);
    await mcp.dropSessions();
    const inits = () => mcp.requests.filter((r) => r.rpc === 'initialize').length;
    const before = inits();
    const { tools, problems } = await c.list();
    expect(problems).toEqual([]);
    expect(tools.map((t) => t.name)).toContain('mcp__alpha__echo');
    expect(inits()).toBe(before + 1);
  });

  it('reuses the tool list instead of asking the server every time', async () => {
    const c = catalog([alpha()]);
    await c.list();
    const lists = () => mcp.requests.filter((r) => r.rpc === 'tools/list').length;
    const before = lists();
    await Promise.all([c.list(), c.list(), c.get('mcp__alpha__echo')]);
    expect(lists()).toBe(before);
  });

  it('reports a server that is down as a problem, quickly, and keeps the other tools', async () => {
    const port = await freePort();
    const c = catalog([server('down', `http://127.0.0.1:${port}/mcp`), alpha()]);
    const started = Date.now();
    const { tools, problems } = await c.list();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(problems).toEqual([
      {
        server: 'down',
        message: expect.stringMatching(/^MCP server "down" is unavailable: .*ECONNREFUSED/),
      },
    ]);
    expect(tools.some((t) => t.server === 'down')).toBe(false);
    expect(tools.map((t) => t.name)).toContain('mcp__alpha__echo');
    expect(tools.map((t) => t.name)).toContain('calculate');
    expect(await c.get('mcp__down__echo')).toBeUndefined();
    // The failure is remembered for a while: no new connection attempt per turn.
    const again = Date.now();
    expect((await c.list()).problems).toHaveLength(1);
    expect(Date.now() - again).toBeLessThan(100);
  });

  it('gives up on a server that never answers within the discovery timeout', async () => {
    const c = catalog([server('stuck', hanging.url)], { discoveryTimeoutMs: 800 });
    const started = Date.now();
    const { tools, problems } = await c.list();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(700);
    expect(elapsed).toBeLessThan(2_500);
    expect(problems).toEqual([
      {
        server: 'stuck',
        message: 'MCP server "stuck" is unavailable: did not answer within 0.8 s',
      },
    ]);
    expect(tools.map((t) => t.source)).toEqual(['builtin', 'builtin', 'builtin']);
  });

  it('reports a server that answers with junk as a problem', async () => {
    const c = catalog([server('junk', junk.url)]);
    const started = Date.now();
    const { problems } = await c.list();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^MCP server "junk" is unavailable: /);
  });
});
