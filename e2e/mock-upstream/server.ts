/**
 * A real HTTP mock of an OpenAI-compatible upstream (node:http, no framework).
 * Each request picks its own scenario (see README.md), so parallel tests never interfere.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResponseLife } from './life';
import { MockSpecError, parseSpec, selectScenario } from './marker';
import { errorBody, metaFor, modelList } from './openai-shapes';
import { ReleaseGate } from './release-gate';
import { defaultFixturesDir } from './replay';
import { RequestLog } from './request-log';
import { respond, sendError, sendJson } from './respond';
import { httpError } from './http-errors';
import { buildPlan } from './scenarios';
import type { MockUpstream, MockUpstreamOptions, RecordedRequest } from './types';

export type { MockUpstream, MockUpstreamOptions, RecordedRequest } from './types';

export const DEFAULT_MODELS = ['mock-model', 'mock-model-2'];
const MAX_BODY_BYTES = 20 * 1024 * 1024;

interface Env {
  opts: Required<Pick<MockUpstreamOptions, 'fixturesDir' | 'models'>> & MockUpstreamOptions;
  log: RequestLog;
  gate: ReleaseGate;
  lives: Set<ResponseLife>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const buf = Buffer.isBuffer(part) ? part : Buffer.from(String(part));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new MockSpecError('mock: request body too large');
    parts.push(buf);
  }
  return Buffer.concat(parts).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** `/__mock/*`: the control API other processes (Playwright, the app's server) use. */
function control(env: Env, method: string, path: string, res: ServerResponse): void {
  const ctx = { res, headers: {} };
  const release = /^\/__mock\/release\/(.+)$/.exec(path);
  if (method === 'GET' && path === '/__mock/requests') {
    sendJson(ctx, 200, env.log.list());
  } else if (method === 'GET' && path === '/__mock/health') {
    sendJson(ctx, 200, { ok: true });
  } else if (method === 'POST' && path === '/__mock/reset') {
    env.log.clear();
    env.gate.reset();
    sendJson(ctx, 200, { reset: true });
  } else if (method === 'POST' && release?.[1]) {
    const key = decodeURIComponent(release[1]);
    env.gate.release(key);
    sendJson(ctx, 200, { released: key });
  } else {
    sendJson(ctx, 404, errorBody(`mock: no control route ${method} ${path}`, 'mock_error', null));
  }
}

function track(env: Env, record: RecordedRequest, res: ServerResponse): ResponseLife {
  const life = new ResponseLife();
  env.lives.add(life);
  const origWriteHead = res.writeHead.bind(res);
  // Record the status whichever code path sends headers.
  res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
    record.status = args[0];
    env.log.changed();
    return origWriteHead(...args);
  }) as ServerResponse['writeHead'];
  res.on('finish', () => {
    record.finished = true;
    env.log.changed();
  });
  res.on('close', () => {
    // A stopped life means the server ended it (reset scenario or close()), not the client.
    if (!res.writableFinished && !life.stopped) record.aborted = true;
    record.closed = true;
    life.stop();
    env.lives.delete(life);
    env.log.changed();
  });
  return life;
}

async function handle(env: Env, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://mock');
  const path = url.pathname;
  if (path.startsWith('/__mock/')) return control(env, method, path, res);

  const rawBody = await readBody(req);
  const body = parseJson(rawBody);
  const record = env.log.start({
    method,
    path,
    query: Object.fromEntries(url.searchParams),
    headers: { ...req.headers },
    body,
    scenario: null,
    receivedAt: Date.now(),
  });
  const life = track(env, record, res);
  const headers = { 'x-request-id': `req_mock_${record.seq}`, 'x-mock-seq': String(record.seq) };
  const ctx = { res, headers };

  const { apiKey } = env.opts;
  if (apiKey !== undefined && path.startsWith('/v1/')) {
    const auth = headerValue(req, 'authorization');
    if (auth !== `Bearer ${apiKey}`) {
      const message = auth
        ? 'Incorrect API key provided. You can find your API key in your account.'
        : "You didn't provide an API key. Send it as 'Authorization: Bearer YOUR_KEY'.";
      return sendJson(ctx, 401, errorBody(message, 'invalid_request_error', 'invalid_api_key'));
    }
  }

  if (method === 'GET' && path === '/v1/models') return models(env, req, record, life, ctx);
  if (method === 'POST' && path === '/v1/chat/completions') {
    if (typeof body !== 'object' || body === null || !('messages' in body)) {
      const message =
        body === null && rawBody.trim() !== ''
          ? 'We could not parse the JSON body of your request.'
          : "Missing required parameter: 'messages'.";
      return sendJson(ctx, 400, errorBody(message, 'invalid_request_error', null));
    }
    const spec = selectScenario(body, headerValue(req, 'x-mock-scenario'));
    record.scenario = spec;
    const plan = buildPlan(spec, { body, fixturesDir: env.opts.fixturesDir });
    const stream = 'stream' in body && body.stream === true;
    return respond(plan, {
      res,
      life,
      gate: env.gate,
      meta: metaFor(record.seq, body),
      body,
      stream,
      headers,
      onServerDestroy: () => life.stop(),
    });
  }
  sendJson(ctx, 404, errorBody(`Invalid URL (${method} ${path})`, 'invalid_request_error', null));
}

/** The models list honours only `http` and `slow-headers` from the `x-mock-scenario` header. */
async function models(
  env: Env,
  req: IncomingMessage,
  record: RecordedRequest,
  life: ResponseLife,
  ctx: { res: ServerResponse; headers: Record<string, string> },
): Promise<void> {
  const header = headerValue(req, 'x-mock-scenario');
  const spec = header ? parseSpec(header, 'header') : null;
  record.scenario = spec;
  if (spec?.name === 'http') {
    const plan = httpError(spec.params);
    if (plan.kind === 'error') return sendError(ctx, plan);
  }
  if (spec?.name === 'slow-headers') {
    const delay = Number(spec.params.delay ?? 1000);
    if (!(await life.sleep(Number.isFinite(delay) ? delay : 1000))) return;
  }
  sendJson(ctx, 200, modelList(env.opts.models));
}

export async function startMockUpstream(opts: MockUpstreamOptions = {}): Promise<MockUpstream> {
  const env: Env = {
    opts: {
      ...opts,
      fixturesDir: opts.fixturesDir ?? defaultFixturesDir(),
      models: opts.models ?? DEFAULT_MODELS,
    },
    log: new RequestLog(),
    gate: new ReleaseGate(),
    lives: new Set(),
  };
  const server = createServer({ noDelay: true, keepAliveTimeout: 5000 }, (req, res) => {
    handle(env, req, res).catch((err: unknown) => {
      const isSpec = err instanceof MockSpecError;
      const message = err instanceof Error ? err.message : String(err);
      if (!res.headersSent) {
        sendJson({ res, headers: {} }, isSpec ? 400 : 500, errorBody(message, 'mock_error', null));
      } else {
        res.destroy();
      }
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;

  return {
    url: `http://${host}:${port}/v1`,
    port,
    requests: () => env.log.list(),
    release: (key) => env.gate.release(key),
    waitForRequest: (predicate, timeoutMs) => env.log.waitFor(predicate, timeoutMs),
    waitForAborted: (seq, timeoutMs) => env.log.waitForAborted(seq, timeoutMs),
    reset: () => {
      env.log.clear();
      env.gate.reset();
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const life of env.lives) life.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
