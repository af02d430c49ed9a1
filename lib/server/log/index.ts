import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { getConfig } from '@/lib/server/config';
import { logLevelFromEnv } from '@/lib/server/config/early';

// Structured server logs (one JSON object per line on stdout), each tagged with the id of the
// request it belongs to. Never logged, by design: message text, titles, tool arguments and
// results, cookies, API keys and other configured secrets. Callers log ids, counts and codes;
// errors go through `serializeError`, which drops what an error may quote (SQL parameters hold
// message text) and masks every configured secret.

interface RequestContext {
  reqId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

// An incoming X-Request-Id (from a proxy such as Vercel's or nginx) is kept when it looks like
// an id; anything else is replaced, so a client cannot write arbitrary text into the log.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id') ?? request.headers.get('x-vercel-id');
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** Runs `fn` (and everything it starts, such as a generation) under the request's id. */
export function withRequestContext<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

let secretsCache: string[] | undefined;

/** Every configured credential, longest first (so a key containing another is masked whole). */
function secrets(): string[] {
  if (secretsCache) return secretsCache;
  try {
    const c = getConfig();
    const values = [
      c.openaiApiKey,
      c.sessionSecret,
      c.databaseUrl ? passwordOf(c.databaseUrl) : null,
      ...c.providers.flatMap((p) => [p.apiKey, ...Object.values(p.headers)]),
      ...c.mcpServers.flatMap((s) => Object.values(s.headers)),
    ];
    secretsCache = [
      ...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= 6)),
    ].sort((a, b) => b.length - a.length);
  } catch {
    // An invalid configuration is reported elsewhere; mask what is masked generically.
    secretsCache = [];
  }
  return secretsCache;
}

function passwordOf(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}

const KEYLIKE = /\b(?:sk|pk|rk|gsk|xai|key)[-_][A-Za-z0-9_\-*]{6,}|\bBearer\s+\S+/gi;

/** Masks configured secrets and anything shaped like an API key or bearer token. */
export function scrub(text: string): string {
  let out = text;
  for (const secret of secrets()) out = out.split(secret).join('[redacted]');
  return out.replace(KEYLIKE, '[redacted]');
}

/** For tests: use these secrets (or, without any, read them from the configuration again). */
export function resetLogSecrets(values?: string[]): void {
  secretsCache = values;
}

interface SerializedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SerializedError;
}

/**
 * An error as it may be logged. A query error (drizzle's carries `query` and `params`) keeps
 * neither: its parameters are message text. Only the driver's own message and code remain.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]' };
  const isQueryError = 'query' in error && 'params' in error;
  const code = (error as { code?: unknown }).code;
  const out: SerializedError = {
    type: error.name,
    message: isQueryError ? 'a database query failed' : scrub(error.message),
  };
  if (typeof code === 'string') out.code = code;
  // Stack frames only: the first line repeats the message, which was handled above.
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  if (frames) out.stack = scrub(frames);
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** The logger, writing to `destination` (stdout by default). */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(options, destination);
}

const options: pino.LoggerOptions = {
  level: logLevelFromEnv(),
  base: { app: 'parley' },
  timestamp: pino.stdTimeFunctions.isoTime,
  serializers: { err: serializeError },
  // Defence in depth for fields no caller should pass.
  redact: {
    paths: [
      'headers.authorization',
      'headers.cookie',
      'headers["set-cookie"]',
      'content',
      '*.content',
      'apiKey',
      '*.apiKey',
    ],
    censor: '[redacted]',
  },
  formatters: {
    level: (label) => ({ level: label }),
  },
  mixin: () => {
    const reqId = currentRequestId();
    return reqId ? { reqId } : {};
  },
};

/** The server's logger; every line carries the current request id, when there is one. */
export const log: Logger = createLogger();
