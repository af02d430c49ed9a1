import { describe, expect, it } from 'vitest';
import {
  mapUpstreamHttpError,
  parseRetryAfter,
  redact,
  sanitize,
  streamError,
  type UpstreamErrorCode,
} from './map-error';

interface Row {
  server: string;
  status: number;
  headers?: Record<string, string>;
  body: string;
  code: UpstreamErrorCode;
  /** Every pattern must be in the message. */
  says: RegExp[];
  /** None of these may be. */
  never?: RegExp[];
  retryAfterSeconds?: number;
}

const MODEL = 'gpt-x';
const j = (value: unknown) => JSON.stringify(value);
const nginx502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';
const cloudflare524 =
  '<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n<head>\n<title>api.example.com | 524: A timeout occurred</title>\n<script>window.cf = "x"</script></head><body><h1>A timeout occurred</h1><p>Ray ID: 8f2a</p></body></html>';

// Real-shaped error responses, as servers of different kinds send them (texts abridged).
const TABLE: Row[] = [
  {
    server: 'OpenAI, wrong key',
    status: 401,
    body: j({
      error: {
        message:
          'Incorrect API key provided: sk-proj-abc1**********************xyz1. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    }),
    code: 'upstream_auth',
    says: [/rejected the server’s API key/, /OPENAI_API_KEY/],
    never: [/sk-proj/, /https?:/, /platform\.openai/],
  },
  {
    server: 'OpenAI, unknown model',
    status: 404,
    body: j({
      error: {
        message: 'The model `gpt-9` does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    }),
    code: 'model_not_found',
    says: [/“gpt-x” was not found/, /Choose another model/],
  },
  {
    server: 'OpenAI, project without access to the model (403)',
    status: 403,
    body: j({
      error: {
        message: 'Project `proj_abc` does not have access to model `gpt-4.5-preview`',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    }),
    code: 'model_forbidden',
    says: [/no access to the model “gpt-x”/, /enable this model/],
  },
  {
    server: 'OpenAI, context length exceeded',
    status: 400,
    body: j({
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    }),
    code: 'context_length',
    says: [/too long for this model’s context window/, /Start a new chat/, /130512 tokens/],
  },
  {
    server: 'OpenAI, rate limit with Retry-After',
    status: 429,
    headers: { 'retry-after': '20' },
    body: j({
      error: {
        message:
          'Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 29000, Requested 2000. Please try again in 2.2s. Visit https://platform.openai.com/account/rate-limits to learn more.',
        type: 'tokens',
        param: null,
        code: 'rate_limit_exceeded',
      },
    }),
    code: 'rate_limited',
    says: [/rate limiting/, /Try again in 20 s\./],
    never: [/org-abc/, /https?:/],
    retryAfterSeconds: 20,
  },
  {
    server: 'OpenAI, quota exhausted',
    status: 429,
    body: j({
      error: {
        message:
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    }),
    code: 'quota_exceeded',
    says: [/run out of credit or reached its usage quota/, /retrying will not help/],
    never: [/https?:/],
  },
  {
    server: 'OpenAI, engine overloaded (503 JSON)',
    status: 503,
    body: j({
      error: {
        message: 'The engine is currently overloaded, please try again later',
        type: 'server_error',
        param: null,
        code: null,
      },
    }),
    code: 'upstream_overloaded',
    says: [/overloaded right now/, /Try again in a moment/],
  },
  {
    server: 'Ollama, model not pulled (string error)',
    status: 404,
    body: j({ error: 'model "llama3.3" not found, try pulling it first' }),
    code: 'model_not_found',
    says: [
      /“gpt-x” was not found/,
      /The provider said: “model "llama3.3" not found, try pulling it first”/,
    ],
  },
  {
    server: 'Ollama, runner crash with a local address (string error)',
    status: 500,
    body: j({ error: 'Post "http://127.0.0.1:39541/completion": EOF' }),
    code: 'upstream_error',
    says: [/internal error \(HTTP 500\)/, /Try again/, /\[link\]/],
    never: [/127\.0\.0\.1/, /39541/, /http:/],
  },
  {
    server: 'vLLM, context too long ({"object":"error"})',
    status: 400,
    body: j({
      object: 'error',
      message:
        "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
      type: 'BadRequestError',
      param: null,
      code: 400,
    }),
    code: 'context_length',
    says: [/context window/, /lower Max tokens/, /4096 tokens/],
  },
  {
    server: 'vLLM, unknown model',
    status: 404,
    body: j({
      object: 'error',
      message: 'The model `llama` does not exist.',
      type: 'NotFoundError',
      param: null,
      code: 404,
    }),
    code: 'model_not_found',
    says: [/“gpt-x” was not found/, /CHAT_MODEL/],
  },
  {
    server: 'llama.cpp server, context size exceeded',
    status: 400,
    body: j({
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: 5000,
        n_ctx: 4096,
      },
    }),
    code: 'context_length',
    says: [/too long for this model’s context window/],
  },
  {
    server: 'Anthropic-style gateway, overloaded ({"type":"error"}, 529)',
    status: 529,
    body: j({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    code: 'upstream_overloaded',
    says: [/overloaded right now/],
  },
  {
    server: 'Google (JSON array), rate limited with retryDelay',
    status: 429,
    body: j([
      {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '31s' }],
        },
      },
    ]),
    code: 'rate_limited',
    says: [/Try again in 31 s\./],
    retryAfterSeconds: 31,
  },
  {
    server: 'Google (JSON array), invalid key',
    status: 400,
    body: j([
      {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
        },
      },
    ]),
    code: 'upstream_auth',
    says: [/API key/],
  },
  {
    server: 'FastAPI server, detail string',
    status: 401,
    body: j({ detail: 'Not authenticated' }),
    code: 'upstream_auth',
    says: [/OPENAI_API_KEY/],
  },
  {
    server: 'FastAPI server, validation error list',
    status: 422,
    body: j({
      detail: [{ type: 'missing', loc: ['body', 'messages'], msg: 'Field required', input: null }],
    }),
    code: 'upstream_rejected',
    says: [/^The AI provider rejected the request: messages: Field required$/],
  },
  {
    server: 'Azure, prompt blocked by the content filter',
    status: 400,
    body: j({
      error: {
        message:
          "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
        type: null,
        param: 'prompt',
        code: 'content_filter',
        status: 400,
        innererror: { code: 'ResponsibleAIPolicyViolation' },
      },
    }),
    code: 'content_filter',
    says: [/content filter blocked this request/, /Rephrase/],
    never: [/https?:/],
  },
  {
    server: 'OpenRouter, out of credits (402)',
    status: 402,
    body: j({
      error: {
        message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
        code: 402,
      },
    }),
    code: 'quota_exceeded',
    says: [/run out of credit/],
    never: [/https?:/],
  },
  {
    server: 'OpenRouter, input flagged by moderation (403)',
    status: 403,
    body: j({
      error: {
        message:
          'gpt-4o requires moderation on OpenRouter. Your input was flagged for "harassment"',
        code: 403,
        metadata: { reasons: ['harassment'], provider_name: 'OpenAI' },
      },
    }),
    code: 'content_filter',
    says: [/content filter blocked this request/],
  },
  {
    server: 'Mistral-style {"message"} without an error envelope',
    status: 401,
    body: j({ message: 'Unauthorized', request_id: 'a1b2' }),
    code: 'upstream_auth',
    says: [/API key/],
  },
  {
    server: 'nginx proxy, 502 HTML page',
    status: 502,
    body: nginx502,
    code: 'upstream_down',
    says: [/not answering properly \(HTTP 502\)/, /may be down/],
    never: [/</, /nginx/, /Bad Gateway/],
  },
  {
    server: 'Cloudflare, 524 HTML page',
    status: 524,
    body: cloudflare524,
    code: 'upstream_down',
    says: [/HTTP 524/],
    never: [/</, /script/, /Ray ID/, /example\.com/],
  },
  {
    server: 'Load balancer, empty 503',
    status: 503,
    body: '',
    code: 'upstream_down',
    says: [/may be down or restarting/],
  },
  {
    server: 'Python server, plain-text traceback (500)',
    status: 500,
    body: 'Internal Server Error\nTraceback (most recent call last):\n  File "/app/main.py", line 3',
    code: 'upstream_error',
    says: [/^The AI provider had an internal error \(HTTP 500\)\. Try again\.$/],
    never: [/Traceback/, /main\.py/],
  },
  {
    server: 'Gateway, rate limited with retry-after-ms',
    status: 429,
    headers: { 'retry-after-ms': '1500' },
    body: j({ error: { message: 'Too Many Requests', type: 'rate_limit_error' } }),
    code: 'rate_limited',
    says: [/Try again in 2 s\./],
    retryAfterSeconds: 2,
  },
];

describe('mapUpstreamHttpError: one table of real-shaped errors', () => {
  it('has at least 15 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(15);
  });

  for (const row of TABLE) {
    it(`${row.server} (HTTP ${row.status}) → ${row.code}`, () => {
      const e = mapUpstreamHttpError(
        { status: row.status, body: row.body, headers: new Headers(row.headers), model: MODEL },
        ['the-admin-secret'],
      );
      expect(e.code).toBe(row.code);
      for (const pattern of row.says) expect(e.message).toMatch(pattern);
      for (const pattern of row.never ?? []) expect(e.message).not.toMatch(pattern);
      // Never HTML, never a URL, never anything key-shaped, whatever the row.
      expect(e.message).not.toMatch(/<[a-z!/]|https?:\/\/|sk-[a-z]/i);
      expect(e.retryAfterSeconds).toBe(row.retryAfterSeconds);
      const retryable = ['rate_limited', 'upstream_overloaded', 'upstream_down', 'upstream_error'];
      expect(e.retryable).toBe(retryable.includes(row.code));
    });
  }
});

describe('details', () => {
  it('reads the wait from a date, from the message, or not at all', () => {
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10);
    expect(parseRetryAfter('soon')).toBeUndefined();
    const stated = mapUpstreamHttpError({
      status: 429,
      body: j({ error: { message: 'Slow down. Please try again in 6m0s.' } }),
      model: MODEL,
    });
    expect(stated).toMatchObject({ retryAfterSeconds: 360 });
    expect(stated.message).toMatch(/Try again in about 6 min\./);
  });

  it('keeps the provider reason of other rejections, without secrets', () => {
    const e = mapUpstreamHttpError(
      { status: 400, body: j({ error: { message: 'bad field near secret-KEY' } }), model: MODEL },
      ['secret-KEY'],
    );
    expect(e.message).toBe('The AI provider rejected the request: bad field near [redacted]');
  });

  it('reads a JSON body cut off by the read limit', () => {
    const whole = j({ error: { message: 'temperature must be <= 2', type: 'invalid_request' } });
    const cut = whole.slice(0, whole.indexOf('invalid_'));
    const e = mapUpstreamHttpError({ status: 400, body: cut, model: MODEL });
    expect(e).toMatchObject({ code: 'upstream_rejected', retryable: false });
    expect(e.message).toBe('The AI provider rejected the request: temperature must be <= 2');
  });

  it('sanitize strips tags, URLs, addresses and keys', () => {
    expect(
      sanitize(
        '<b>Bearer abc</b> see https://x.example/a?b=1 at 10.0.0.2:8080 key sk-live-1234567',
      ),
    ).toBe('[redacted] see [link] at [address] key [redacted]');
  });

  it('redact removes key-like strings and bearer tokens', () => {
    expect(redact('key sk-proj-1234567890abc and Bearer abc.def')).toBe(
      'key [redacted] and [redacted]',
    );
  });

  it('wraps an in-stream error message, sanitised', () => {
    expect(streamError({ message: 'Provider disconnected' }).message).toMatch(
      /Provider disconnected/,
    );
    expect(streamError({ message: '<p>see http://10.1.1.1/x</p>' }).message).toBe(
      'The AI provider reported an error mid-answer: see [link]',
    );
  });
});
