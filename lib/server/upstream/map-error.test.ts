import { describe, expect, it } from 'vitest';
import { mapUpstreamHttpError, parseRetryAfter, redact, streamError } from './map-error';

const f = (status: number, body = '', retryAfter: string | null = null) => ({
  status,
  body,
  retryAfter,
  model: 'gpt-x',
});

describe('mapUpstreamHttpError', () => {
  it('explains a bad key without echoing what the provider said about it', () => {
    const e = mapUpstreamHttpError(
      f(401, '{"error":{"message":"Incorrect API key provided: sk-live-abcdef123456"}}'),
    );
    expect(e.code).toBe('upstream_auth');
    expect(e.message).toMatch(/OPENAI_API_KEY/);
    expect(e.message).not.toMatch(/sk-live/);
    expect(e.retryable).toBe(false);
  });

  it('names the unknown model', () => {
    expect(mapUpstreamHttpError(f(404)).message).toMatch(/gpt-x/);
  });

  it('gives the retry time for rate limits, in seconds or as a date', () => {
    const e = mapUpstreamHttpError(f(429, '', '7'));
    expect(e).toMatchObject({ code: 'rate_limited', retryable: true, retryAfterSeconds: 7 });
    expect(e.message).toMatch(/7 s/);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('recognises context-length errors and passes other 4xx reasons on, redacted', () => {
    const context = mapUpstreamHttpError(
      f(400, '{"error":{"message":"maximum context length is 8192 tokens"}}'),
    );
    expect(context.code).toBe('context_length');
    // It says what to do: a new chat, another model, or the context size setting.
    expect(context.message).toMatch(/new chat/);
    expect(context.message).toMatch(/CONTEXT_WINDOWS/);
    const e = mapUpstreamHttpError(f(400, '{"error":{"message":"bad field near secret-KEY"}}'), [
      'secret-KEY',
    ]);
    expect(e.message).toContain('bad field near [redacted]');
  });

  it('treats 5xx as retryable without leaking the body', () => {
    const e = mapUpstreamHttpError(f(500, 'Traceback (most recent call last): internal.py'));
    expect(e).toMatchObject({ code: 'upstream_error', retryable: true });
    expect(e.message).not.toMatch(/Traceback/);
  });
});

describe('redact / streamError', () => {
  it('removes key-like strings and bearer tokens', () => {
    expect(redact('key sk-proj-1234567890abc and Bearer abc.def')).toBe(
      'key [redacted] and [redacted]',
    );
  });
  it('wraps an in-stream error message', () => {
    expect(streamError({ message: 'Provider disconnected' }).message).toMatch(
      /Provider disconnected/,
    );
  });
});
