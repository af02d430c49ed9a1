import type { ChatError } from '@/lib/chat/types';
import { errorDetail } from './error-detail';
import { retryAfterSeconds } from './retry-after';

// The one mapping from an upstream HTTP error to words a user can act on: what happened and
// what to do. It looks at behaviour (status, codes, wording), never at which provider answered.
// The provider's own text is passed on only where it helps, and only after `sanitize`: no keys,
// no URLs or addresses, no HTML.

export { parseRetryAfter } from './retry-after';

/** At most this much of an error body is read (see readErrorBody). */
export const ERROR_BODY_LIMIT = 4096;

const KEYLIKE =
  /\b(?:sk|pk|rk|gsk|xai|key|api)[-_][A-Za-z0-9_\-*.]{6,}|\bBearer\s+\S+|\bAIza[\w-]{20,}/gi;
const URL_LIKE = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>)]+/gi;
const ADDRESS = /\b(?:\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9a-f:]+\])(?::\d{2,5})?\b/gi;

/** Removes secrets, key-like strings and bearer tokens; trims to 300 characters. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  out = out.replace(KEYLIKE, '[redacted]');
  return out.length > 300 ? `${out.slice(0, 297)}…` : out;
}

/** The provider's words made safe to show: no tags, keys, URLs or addresses; one short line. */
export function sanitize(text: string, secrets: readonly string[] = []): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(URL_LIKE, '[link]')
    .replace(ADDRESS, '[address]')
    .replace(/\s+/g, ' ')
    .trim();
  const safe = redact(plain, secrets);
  return safe.length > 240 ? `${safe.slice(0, 239)}…` : safe;
}

export interface UpstreamFailure {
  status: number;
  /** The start of the body (readErrorBody), any shape. */
  body: string;
  headers?: { get(name: string): string | null } | null;
  /** The model that was asked for, named in the message. */
  model: string;
}

export type UpstreamErrorCode =
  | 'upstream_auth'
  | 'model_forbidden'
  | 'model_not_found'
  | 'context_length'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'content_filter'
  | 'upstream_overloaded'
  | 'upstream_down'
  | 'upstream_error'
  | 'upstream_rejected'
  | 'not_a_stream';

const OUT_OF_CREDIT =
  /insufficient_quota|billing|credits?\b|payment|balance|exceeded your current|out of funds|spend limit/;
const QUOTA = /quota/;
const PER_TIME = /per (?:second|minute|min)\b|requests per|tokens per|\b[rt]pm\b|rate/;
const RATE = /rate[_ ]?limit|too many requests|resource_exhausted|slow down/;
const CONTEXT =
  /context[_ ]length|context[_ ]size|exceed_context|maximum context|context window|too many tokens|prompt is too long|input is too long|reduce the length|max_model_len|exceeds? the (?:model'?s? )?(?:maximum|context|token)|token limit|string_above_max_length/;
const FILTER =
  /content[_ ]filter|content[_ ]policy|content management policy|responsibleaipolicy|moderation|flagged|safety (?:system|filter|reasons)|prohibited[_ ]content|blocked by/;
const AUTH =
  /invalid_api_key|api[_ ]key|authenticat|unauthenticated|unauthori[sz]ed|invalid[_ ]token|incorrect key/;
const NO_ACCESS = /not have access|no access|not allowed|permission|access denied|forbidden/;
const NOT_FOUND =
  /model_not_found|no such model|unknown model|model[^.]{0,80}(?:not found|does not exist|not exist)|not found[^.]{0,40}model|pull(?:ing)? it/;
const OVERLOADED = /overloaded|over capacity|capacity|server_busy|busy|unavailable|try again later/;

interface Classified {
  code: UpstreamErrorCode;
  /** Whether the provider's own sentence helps here. */
  quote: boolean;
}

interface Evidence {
  status: number;
  /** Lower-cased codes and message. */
  text: string;
  html: boolean;
  plain: boolean;
  /** The provider said how long to wait. */
  waits: boolean;
}

function classify({ status, text, html, plain, waits }: Evidence): Classified {
  const is = (re: RegExp) => re.test(text);
  // A quota with a wait (or per minute) is a rate limit; without one, the account is spent.
  const spent = is(OUT_OF_CREDIT) || (is(QUOTA) && !waits && !is(PER_TIME));
  if (status === 402 || (spent && status < 500)) {
    return { code: 'quota_exceeded', quote: false };
  }
  if (status === 401) return { code: 'upstream_auth', quote: false };
  if (status === 429) {
    if (is(OVERLOADED) && !is(RATE)) return { code: 'upstream_overloaded', quote: false };
    return { code: 'rate_limited', quote: false };
  }
  if (status === 529 || (status >= 500 && is(/overloaded|over capacity|capacity/))) {
    return { code: 'upstream_overloaded', quote: false };
  }
  if (status === 503) {
    return html || text === '' || !is(OVERLOADED)
      ? { code: 'upstream_down', quote: false }
      : { code: 'upstream_overloaded', quote: false };
  }
  if (status === 502 || status === 504 || status === 408 || (status >= 520 && status <= 527)) {
    return { code: 'upstream_down', quote: false };
  }
  if (status >= 500) return { code: 'upstream_error', quote: !plain };
  if (is(FILTER)) return { code: 'content_filter', quote: false };
  if (status === 413 || is(CONTEXT)) return { code: 'context_length', quote: true };
  if (status === 403) {
    if (is(AUTH) && !is(NO_ACCESS)) return { code: 'upstream_auth', quote: false };
    return { code: 'model_forbidden', quote: true };
  }
  if (status === 404 || is(NOT_FOUND)) return { code: 'model_not_found', quote: true };
  if (is(AUTH)) return { code: 'upstream_auth', quote: false };
  if (is(RATE)) return { code: 'rate_limited', quote: false };
  return { code: 'upstream_rejected', quote: true };
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} s`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} min`;
  return `about ${Math.round(seconds / 3600)} h`;
}

const WORDS: Record<UpstreamErrorCode, (f: UpstreamFailure, wait: string | null) => string> = {
  upstream_auth: () =>
    'The AI provider rejected the server’s API key, so the model was never asked. The server admin should check OPENAI_API_KEY (or the provider’s apiKey and headers in PROVIDERS).',
  model_forbidden: (f) =>
    `The server’s API key has no access to the model “${f.model}”. Choose another model, or enable this model for the key in the provider’s account.`,
  model_not_found: (f) =>
    `The model “${f.model}” was not found at the AI provider. Choose another model, or check CHAT_MODEL and OPENAI_BASE_URL (or the provider’s models and baseUrl in PROVIDERS).`,
  context_length: () =>
    'The conversation is too long for this model’s context window. Start a new chat, pick a model with a larger context window, or lower Max tokens in Settings. Server admins: set the model’s real context size in CONTEXT_WINDOWS or in PROVIDERS ("contextWindow"), so Parley leaves the oldest messages out in time.',
  rate_limited: (_f, wait) =>
    `The AI provider is rate limiting requests. Try again in ${wait ?? 'a moment'}.`,
  quota_exceeded: () =>
    'The AI provider’s account has run out of credit or reached its usage quota. Add credit or raise the limit in the provider’s billing settings; retrying will not help until then.',
  content_filter: () =>
    'The provider’s content filter blocked this request. Rephrase your message and send it again.',
  upstream_overloaded: (_f, wait) =>
    `The AI provider is overloaded right now. Try again in ${wait ?? 'a moment'}.`,
  upstream_down: (f) =>
    `The AI provider is not answering properly (HTTP ${f.status}): it may be down or restarting. Try again later; if this keeps happening, check that the provider is running.`,
  upstream_error: (f) => `The AI provider had an internal error (HTTP ${f.status}). Try again.`,
  upstream_rejected: (f) => `The AI provider rejected the request (HTTP ${f.status}).`,
  // Only for a 2xx body (notAStream below words it).
  not_a_stream: () => NOT_A_STREAM_FIX,
};

const NOT_A_STREAM_FIX =
  'check that the base URL points at the API, usually ending in /v1 (OPENAI_BASE_URL, or the provider’s baseUrl in PROVIDERS).';

/**
 * A success status whose body is not a chat stream nor an error object: the request reached
 * something other than the API (a web UI, a proxy's page, the server's root).
 */
function notAStream(
  detail: ReturnType<typeof errorDetail>,
  body: string,
  secrets: readonly string[],
): ChatError | null {
  if (detail.message && !detail.plain) return null;
  const said = detail.plain ? sanitize(body, secrets) : '';
  const what = detail.html
    ? 'a web page'
    : said
      ? `plain text (“${said.length > 80 ? `${said.slice(0, 79)}…` : said}”)`
      : body.trim()
        ? 'data that is not a chat completion'
        : 'an empty response';
  return {
    code: 'not_a_stream',
    message: `The AI provider answered with ${what} instead of a chat stream: ${NOT_A_STREAM_FIX}`,
    retryable: false,
  };
}

const RETRYABLE = new Set<UpstreamErrorCode>([
  'rate_limited',
  'upstream_overloaded',
  'upstream_down',
  'upstream_error',
]);

export function mapUpstreamHttpError(
  f: UpstreamFailure,
  secrets: readonly string[] = [],
): ChatError {
  const detail = errorDetail(f.body);
  if (f.status >= 200 && f.status < 300) {
    const wrong = notAStream(detail, f.body, secrets);
    if (wrong) return wrong;
  }
  const text = `${detail.hints} ${detail.message ?? ''}`.toLowerCase().trim();
  const wait = retryAfterSeconds(f.headers ?? null, f.body);
  const { code, quote } = classify({
    status: f.status,
    text,
    html: detail.html,
    plain: detail.plain,
    waits: wait !== undefined,
  });
  const retryable = RETRYABLE.has(code);
  const seconds = retryable ? wait : undefined;
  let message = WORDS[code](f, seconds === undefined ? null : formatWait(seconds));
  const said = quote && detail.message ? sanitize(detail.message, secrets) : '';
  if (said && !message.includes(said)) {
    message =
      code === 'upstream_rejected'
        ? `The AI provider rejected the request: ${said}`
        : `${message} The provider said: “${said}”`;
  }
  return {
    code,
    message,
    retryable,
    ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}),
  };
}

export const UNREACHABLE: ChatError = {
  code: 'upstream_unreachable',
  message:
    'Could not reach the AI provider. Check OPENAI_BASE_URL and that the provider is running.',
  retryable: true,
};

export const CONNECTION_LOST: ChatError = {
  code: 'connection_lost',
  message: 'The connection to the AI provider dropped before the answer was finished.',
  retryable: true,
};

export const STALLED: ChatError = {
  code: 'upstream_timeout',
  message: 'The AI provider stopped sending data, so the answer was cut off.',
  retryable: true,
};

export const TIME_LIMIT: ChatError = {
  code: 'time_limit',
  message: 'The answer hit the server’s time limit and was cut off.',
  retryable: true,
};

/** An error payload that arrived inside a 200 stream, after part of the answer. */
export function streamError(
  payload: { message?: unknown; code?: unknown },
  secrets: readonly string[] = [],
): ChatError {
  const text = typeof payload.message === 'string' ? sanitize(payload.message, secrets) : '';
  return {
    code: 'stream_error',
    message: `The AI provider reported an error mid-answer: ${text || 'unknown error'}`,
    retryable: true,
  };
}
