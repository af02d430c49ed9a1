import type { ChatError } from '@/lib/chat/types';

// Upstream failures become messages a user can act on. The provider's own text is only passed on
// where it helps (a rejected request), trimmed and with anything key-like removed.

const KEYLIKE = /\b(?:sk|pk|rk|gsk|xai|key)[-_][A-Za-z0-9_\-*]{6,}|\bBearer\s+\S+/gi;

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  out = out.replace(KEYLIKE, '[redacted]');
  return out.length > 300 ? `${out.slice(0, 297)}…` : out;
}

function providerMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const error = (parsed as { error: unknown }).error;
      if (typeof error === 'string') return error;
      if (error && typeof error === 'object' && 'message' in error) {
        const message = (error as { message: unknown }).message;
        if (typeof message === 'string') return message;
      }
    }
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  const raw = body.trim();
  return raw && raw.length < 500 && !raw.startsWith('<') ? raw : null;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), when present. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export interface UpstreamFailure {
  status: number;
  body: string;
  retryAfter: string | null;
  model: string;
}

const CONTEXT = /context[_ ]length|maximum context|too many tokens|context window/i;

export function mapUpstreamHttpError(
  f: UpstreamFailure,
  secrets: readonly string[] = [],
): ChatError {
  const detail = providerMessage(f.body);
  if (f.status === 401 || f.status === 403) {
    return {
      code: 'upstream_auth',
      message:
        'The AI provider rejected the server’s API key. Check OPENAI_API_KEY (or the provider’s apiKey and headers in PROVIDERS) in the server configuration.',
      retryable: false,
    };
  }
  if (f.status === 404) {
    return {
      code: 'model_not_found',
      message: `The model “${f.model}” was not found at the AI provider. Choose another model, or check CHAT_MODEL and OPENAI_BASE_URL (or the provider’s models and baseUrl in PROVIDERS).`,
      retryable: false,
    };
  }
  if (f.status === 429) {
    const retryAfterSeconds = parseRetryAfter(f.retryAfter);
    return {
      code: 'rate_limited',
      message:
        retryAfterSeconds !== undefined
          ? `The AI provider is rate limiting requests. Try again in ${retryAfterSeconds} s.`
          : 'The AI provider is rate limiting requests. Try again in a moment.',
      retryable: true,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    };
  }
  if (
    (f.status === 400 || f.status === 413 || f.status === 422) &&
    detail &&
    CONTEXT.test(detail)
  ) {
    return {
      code: 'context_length',
      message:
        'The conversation is too long for this model’s context window. Start a new chat, pick a model with a larger context window, or lower Max tokens in Settings. Server admins: set the model’s real context size in CONTEXT_WINDOWS or in PROVIDERS ("contextWindow"), so Parley leaves the oldest messages out in time.',
      retryable: false,
    };
  }
  if (f.status >= 400 && f.status < 500) {
    return {
      code: 'upstream_rejected',
      message: detail
        ? `The AI provider rejected the request: ${redact(detail, secrets)}`
        : `The AI provider rejected the request (HTTP ${f.status}).`,
      retryable: false,
    };
  }
  return {
    code: 'upstream_error',
    message: `The AI provider had a problem (HTTP ${f.status}). Try again.`,
    retryable: true,
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

export function streamError(
  payload: { message?: unknown; code?: unknown },
  secrets: readonly string[] = [],
): ChatError {
  const text = typeof payload.message === 'string' ? payload.message : 'unknown error';
  return {
    code: 'stream_error',
    message: `The AI provider reported an error mid-answer: ${redact(text, secrets)}`,
    retryable: true,
  };
}
