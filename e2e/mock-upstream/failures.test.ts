import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFixturesDir } from './replay';
import { type MockUpstream, startMockUpstream } from './server';
import {
  chat,
  chatBody,
  chunksOf,
  contentDeltas,
  contentOf,
  EventReader,
  readAllEvents,
  readRaw,
} from './test-client';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

const seqOf = (res: Response) => Number(res.headers.get('x-mock-seq'));

describe('http errors', () => {
  it.each([
    [401, 'invalid_api_key'],
    [404, 'model_not_found'],
    [429, 'rate_limit_exceeded'],
    [500, 'server_error'],
  ])('status %i answers an OpenAI error body', async (status, code) => {
    const res = await chat(mock, chatBody(`[[mock:http status=${status}]]`));
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(body.error).toMatchObject({
      message: expect.any(String),
      type: expect.any(String),
      code,
    });
    expect(res.headers.get('retry-after')).toBe(status === 429 ? '7' : null);
  });

  it.each([
    [
      'string',
      404,
      'application/json',
      '{"error":"model \\"llama3.3\\" not found, try pulling it first"}',
    ],
    ['object', 400, 'application/json', '"object":"error"'],
    ['typed', 500, 'application/json', '{"type":"error","error":{"type":"server_error"'],
    ['array', 429, 'application/json', '[{"error":{"code":429,'],
    ['detail', 401, 'application/json', '{"detail":"Incorrect API key'],
    ['html', 502, 'text/html', '<title>502 Bad Gateway</title>'],
    ['text', 500, 'text/plain; charset=utf-8', 'The server had an error'],
  ])('shape=%s answers %i in that shape', async (shape, status, type, start) => {
    const res = await chat(mock, chatBody(`[[mock:http status=${status} shape=${shape}]]`));
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toContain(start);
  });

  it('shape=empty answers no body, and an unknown shape is refused', async () => {
    const res = await chat(mock, chatBody('[[mock:http status=503 shape=empty]]'));
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('');
    const bad = await chat(mock, chatBody('[[mock:http status=503 shape=xml]]'));
    expect(bad.status).toBe(400);
  });

  it('sends Retry-After from retry=S', async () => {
    const res = await chat(mock, chatBody('[[mock:http status=429 retry=3]]'));
    expect(res.headers.get('retry-after')).toBe('3');
  });
});

describe('broken streams', () => {
  it('stream-error: content, an error event, then the end without [DONE]', async () => {
    const items = await readAllEvents(await chat(mock, chatBody('[[mock:stream-error after=2]]')));
    expect(items).not.toContain('[DONE]');
    expect(contentOf(items)).toBe('tok1 tok2');
    const last = chunksOf(items).at(-1);
    expect(last?.error).toEqual({ message: expect.any(String), code: 'server_error' });
    expect(last?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'error' });
  });

  it('reset: the body read rejects after N tokens and it is not counted as a client abort', async () => {
    const res = await chat(mock, chatBody('[[mock:reset after=2]]'));
    const reader = new EventReader(res);
    const got = await reader.take(3);
    expect(contentDeltas(got)).toEqual(['tok1', ' tok2']);
    await expect(reader.rest()).rejects.toThrow();
    const record = await mock.waitForRequest((r) => r.seq === seqOf(res) && r.closed);
    expect(record.finished).toBe(false);
    expect(record.aborted).toBe(false);
    await expect(mock.waitForAborted(record.seq, 1000)).rejects.toThrow(/closed by the server/);
  });

  it('stall: nothing after N tokens, and the client abort is recorded', async () => {
    const controller = new AbortController();
    const res = await chat(mock, chatBody('[[mock:stall after=2]]'), { signal: controller.signal });
    const reader = new EventReader(res);
    await reader.take(3);
    expect(await reader.next(200)).toBe('timeout');
    expect(mock.requests().find((r) => r.seq === seqOf(res))?.aborted).toBe(false);
    controller.abort();
    const record = await mock.waitForAborted(seqOf(res), 2000);
    expect(record).toMatchObject({ aborted: true, finished: false, closed: true });
  });
});

describe('pause', () => {
  it('holds after N tokens until released, then finishes', async () => {
    const res = await chat(mock, chatBody('[[mock:pause key=p1 after=2 tokens=4]]'));
    const reader = new EventReader(res);
    expect(contentDeltas(await reader.take(3))).toEqual(['tok1', ' tok2']);
    expect(await reader.next(200)).toBe('timeout');
    mock.release('p1');
    const rest = await reader.rest();
    expect(contentDeltas(rest)).toEqual([' tok3', ' tok4']);
    expect(chunksOf(rest).at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(rest.at(-1)).toBe('[DONE]');
  });

  it('remembers a release that came before the request', async () => {
    mock.release('p2');
    const items = await readAllEvents(await chat(mock, chatBody('[[mock:pause key=p2 after=1]]')));
    expect(contentOf(items)).toBe('tok1 tok2 tok3 tok4');
  });

  it('rejects a pause without key', async () => {
    const res = await chat(mock, chatBody('[[mock:pause after=1]]'));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/key/);
  });
});

describe('replay', () => {
  const dir = defaultFixturesDir();
  const files = readdirSync(dir).filter((f) => f.endsWith('.sse'));

  async function replayBytes(marker: string) {
    const res = await chat(mock, chatBody(marker));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return readRaw(res);
  }

  it.each(files)('replays %s byte-exactly', async (file) => {
    const reads = await replayBytes(`[[mock:replay file=${file}]]`);
    expect(Buffer.concat(reads.map((r) => r.bytes))).toEqual(readFileSync(path.join(dir, file)));
  });

  it('cuts writes at the given boundaries', async () => {
    const file = 'openai-plain-text.sse';
    const reads = await replayBytes(`[[mock:replay file=${file} boundaries=10,400,401 delay=20]]`);
    expect(Buffer.concat(reads.map((r) => r.bytes))).toEqual(readFileSync(path.join(dir, file)));
    expect(reads.map((r) => r.bytes.length).slice(0, 3)).toEqual([10, 390, 1]);
  });

  it('uses the recorded read_boundaries with boundaries=expected', async () => {
    const file = 'generic-utf8-multibyte-split.sse';
    const reads = await replayBytes(`[[mock:replay file=${file} boundaries=expected delay=2]]`);
    expect(Buffer.concat(reads.map((r) => r.bytes))).toEqual(readFileSync(path.join(dir, file)));
    expect(reads.length).toBeGreaterThan(5);
  });

  it.each(['../package.json', '..%2f..%2fetc.sse', '/etc/passwd.sse', 'sub/x.sse', 'missing.sse'])(
    'rejects file=%s',
    async (file) => {
      const res = await chat(mock, chatBody(`[[mock:replay file=${file}]]`));
      expect(res.status).toBe(400);
      expect((await res.json()).error.type).toBe('mock_error');
    },
  );
});

describe('request-shape scenarios', () => {
  it('reject-stream-options: 400 with stream_options, plain text without', async () => {
    const marker = '[[mock:reject-stream-options tokens=2]]';
    const rejected = await chat(
      mock,
      chatBody(marker, { stream_options: { include_usage: true } }),
    );
    expect(rejected.status).toBe(400);
    const err = (await rejected.json()).error;
    expect(err.message).toContain('stream_options');
    expect(err.param).toBe('stream_options');
    expect(contentOf(await readAllEvents(await chat(mock, chatBody(marker))))).toBe('tok1 tok2');
  });

  it('slow-headers delays the response headers', async () => {
    const started = Date.now();
    const res = await chat(mock, chatBody('[[mock:slow-headers delay=300 tokens=1]]'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(contentOf(await readAllEvents(res))).toBe('tok1');
  });

  it('selects a scenario from the x-mock-scenario header; a marker wins over it', async () => {
    const headers = { 'x-mock-scenario': 'text tokens=2' };
    const viaHeader = await chat(mock, chatBody('no marker here'), { headers });
    expect(contentOf(await readAllEvents(viaHeader))).toBe('tok1 tok2');
    const both = await chat(mock, chatBody('[[mock:text tokens=1]]'), { headers });
    expect(contentOf(await readAllEvents(both))).toBe('tok1');
    const record = mock.requests().find((r) => r.seq === seqOf(viaHeader));
    expect(record?.scenario).toEqual({ name: 'text', params: { tokens: '2' }, source: 'header' });
  });

  it('the models list honours an http header scenario', async () => {
    const res = await fetch(`${mock.url}/models`, {
      headers: { 'x-mock-scenario': 'http status=500' },
    });
    expect(res.status).toBe(500);
  });

  it.each([
    ['[[mock:nope]]', /unknown scenario/],
    ['[[mock:text tokkens=3]]', /unknown parameter/],
    ['[[mock:text tokens=abc]]', /tokens=abc/],
    ['[[mock:text tokens = 3]]', /cannot parse/],
  ])('rejects %s with a 400 mock_error', async (marker, message) => {
    const res = await chat(mock, chatBody(marker));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(message);
  });
});

describe('oversized and endless answers', () => {
  it('big: one content delta of `bytes` characters, streamed or as one JSON body', async () => {
    const items = await readAllEvents(
      await chat(mock, chatBody('[[mock:big bytes=70000 count=2]]')),
    );
    expect(contentDeltas(items).filter((d) => d.length === 70000)).toHaveLength(2);
    expect(items.at(-1)).toBe('[DONE]');
    const res = await chat(mock, chatBody('[[mock:big bytes=5000]]', { stream: false }));
    expect((await res.json()).choices[0].message.content).toBe('x'.repeat(5000));
  });

  it('endless: deltas keep coming until the client leaves, which the log records', async () => {
    const controller = new AbortController();
    const res = await chat(mock, chatBody('[[mock:endless size=100]]'), {
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    let received = 0;
    while (reader && received < 200_000) received += (await reader.read()).value?.byteLength ?? 0;
    controller.abort();
    await mock.waitForAborted(seqOf(res), 5000);
  });

  it('endless event=1: a data line that never ends', async () => {
    const controller = new AbortController();
    const res = await chat(mock, chatBody('[[mock:endless event=1 size=1000]]'), {
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    let text = '';
    while (reader && text.length < 100_000) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    controller.abort();
    const afterFirstEvents = text.slice(text.lastIndexOf('\n\n') + 2);
    expect(afterFirstEvents.startsWith('data: {"x":"xxx')).toBe(true);
    expect(afterFirstEvents).not.toContain('\n');
  });
});
