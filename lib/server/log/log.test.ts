import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLogger,
  currentRequestId,
  requestIdOf,
  resetLogSecrets,
  scrub,
  serializeError,
  withRequestContext,
} from '.';

const KEY = 'sk-live-abcdefghijklmnop0123456789';
const MESSAGE = 'my secret diary entry about the merger';

afterEach(() => {
  resetLogSecrets();
});

describe('serializeError', () => {
  it('keeps neither the SQL parameters (message text) nor the query of a failed query', () => {
    const cause = Object.assign(new Error('value too long for type character varying(10)'), {
      code: '22001',
    });
    const error = new DrizzleQueryError(
      'update "messages" set "content" = $1 where "id" = $2',
      [MESSAGE, 'a1b2'],
      cause,
    );
    const out = JSON.stringify(serializeError(error));
    expect(out).not.toContain(MESSAGE);
    expect(out).not.toContain('update "messages"');
    expect(out).toContain('22001');
    expect(out).toContain('value too long');
  });

  it('masks API keys and bearer tokens in messages and causes', () => {
    const error = new Error('upstream said: Incorrect API key provided', {
      cause: new Error(`Authorization: Bearer ${KEY} was refused`),
    });
    const out = JSON.stringify(serializeError(new Error(`key ${KEY} failed`, { cause: error })));
    expect(out).not.toContain(KEY);
    expect(out).toContain('[redacted]');
  });

  it('masks configured secrets that do not look like keys', () => {
    resetLogSecrets(['plainpassword-no-prefix-42']);
    expect(scrub('the key plainpassword-no-prefix-42 leaked')).toBe('the key [redacted] leaked');
  });
});

describe('request ids', () => {
  it('keeps a well-formed incoming id and replaces anything else', () => {
    const req = (id: string) => new Request('http://x/', { headers: { 'x-request-id': id } });
    expect(requestIdOf(req('abc-123'))).toBe('abc-123');
    expect(requestIdOf(req('evil id; with spaces'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(new Request('http://x/'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('follows the work a request starts, across awaits and timers', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestContext('req-1', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentRequestId();
    });
    expect(seen).toBe('req-1');
  });
});

describe('the logger', () => {
  it('writes JSON lines with the request id, and no message text, secret or cookie', () => {
    resetLogSecrets([KEY]);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger(sink);
    withRequestContext('req-7', () => {
      logger.info({ message: { id: 'm1', content: MESSAGE } }, 'saved');
      logger.warn({ headers: { authorization: `Bearer ${KEY}`, cookie: 'parley_session=s' } }, 'x');
      logger.error({ err: new DrizzleQueryError('insert', [MESSAGE, KEY]) }, 'failed');
      logger.error({ err: new Error(`provider rejected ${KEY}`) }, 'failed');
    });
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const entry = JSON.parse(line);
      expect(entry).toMatchObject({ reqId: 'req-7', app: 'parley' });
      expect(line).not.toContain(MESSAGE);
      expect(line).not.toContain(KEY);
      expect(line).not.toContain('parley_session=s');
    }
    expect(JSON.parse(lines[3] ?? '{}').err.message).toBe('provider rejected [redacted]');
  });
});
