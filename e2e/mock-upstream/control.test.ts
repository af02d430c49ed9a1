import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockUpstream, type RecordedRequest, startMockUpstream } from './server';
import { chat, chatBody, contentOf, EventReader, readAllEvents } from './test-client';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

const seqOf = (res: Response) => Number(res.headers.get('x-mock-seq'));
const control = (p: string, method = 'POST') =>
  fetch(`${mock.url.replace(/\/v1$/, '')}/__mock/${p}`, { method });

describe('request recording', () => {
  it('records method, path, headers, parsed body, scenario and outcome', async () => {
    const before = Date.now();
    const body = chatBody('[[mock:text tokens=1 rate=0]]', { temperature: 0.5 });
    const res = await chat(mock, body, { headers: { 'x-trace': 'abc' } });
    await readAllEvents(res);
    const record = await mock.waitForRequest((r) => r.seq === seqOf(res) && r.finished);
    expect(record).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body,
      scenario: { name: 'text', params: { tokens: '1', rate: '0' }, source: 'marker' },
      status: 200,
      aborted: false,
      finished: true,
    });
    await mock.waitForRequest((r) => r.seq === record.seq && r.closed);
    expect(record.headers['x-trace']).toBe('abc');
    expect(record.receivedAt).toBeGreaterThanOrEqual(before);
    expect(res.headers.get('x-request-id')).toBe(`req_mock_${record.seq}`);
  });

  it('records the default scenario and a null body for non-JSON', async () => {
    const plain = await chat(mock, chatBody('hi'));
    await plain.text();
    const bad = await fetch(`${mock.url}/chat/completions`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
    const log = mock.requests();
    expect(log.find((r) => r.seq === seqOf(plain))?.scenario?.source).toBe('default');
    expect(log.find((r) => r.seq === seqOf(bad))).toMatchObject({ body: null, scenario: null });
  });

  it('returns snapshots, not live records', async () => {
    const [first] = mock.requests();
    if (!first) throw new Error('expected a recorded request');
    first.aborted = true;
    expect(mock.requests()[0]?.aborted).toBe(false);
  });

  it('waitForRequest waits for a future request and times out otherwise', async () => {
    const waiting = mock.waitForRequest((r) => r.headers['x-wait'] === 'later', 2000);
    await (await chat(mock, chatBody('x'), { headers: { 'x-wait': 'later' } })).text();
    expect((await waiting).headers['x-wait']).toBe('later');
    await expect(mock.waitForRequest(() => false, 50)).rejects.toThrow(/within 50 ms/);
  });

  it('waitForAborted rejects for a request that finished normally', async () => {
    const res = await chat(mock, chatBody('x'));
    await res.text();
    await expect(mock.waitForAborted(seqOf(res), 1000)).rejects.toThrow(/finished normally/);
  });
});

describe('apiKey', () => {
  let secured: MockUpstream;
  beforeAll(async () => {
    secured = await startMockUpstream({ apiKey: 'sk-test' });
  });
  afterAll(() => secured.close());

  it.each([
    ['missing', undefined],
    ['wrong', 'Bearer nope'],
  ])('answers 401 when the key is %s', async (_, auth) => {
    const headers: Record<string, string> = auth ? { authorization: auth } : {};
    const res = await chat(secured, chatBody('x'), { headers });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('invalid_api_key');
    const models = await fetch(`${secured.url}/models`, { headers });
    expect(models.status).toBe(401);
  });

  it('accepts the right key and records it', async () => {
    const res = await chat(secured, chatBody('x'), {
      headers: { authorization: 'Bearer sk-test' },
    });
    expect(contentOf(await readAllEvents(res))).toBe('Hello from the mock upstream.');
    const record = secured.requests().find((r) => r.seq === seqOf(res));
    expect(record?.headers.authorization).toBe('Bearer sk-test');
  });

  it('ignores Authorization when started without apiKey', async () => {
    expect(
      (await chat(mock, chatBody('x'), { headers: { authorization: 'Bearer z' } })).status,
    ).toBe(200);
  });
});

describe('isolation and the HTTP control API', () => {
  it('serves parallel requests with different scenarios independently', async () => {
    const paused = chat(mock, chatBody('[[mock:pause key=par after=1 tokens=2]]'));
    const [slow, echo, tools] = await Promise.all([
      chat(mock, chatBody('[[mock:text tokens=5 rate=100]]')).then(readAllEvents),
      chat(mock, chatBody('[[mock:echo]] parallel echo')).then(readAllEvents),
      chat(mock, chatBody('[[mock:tools calls=2]]', { stream: false })).then((r) => r.json()),
    ]);
    expect(contentOf(slow)).toBe('tok1 tok2 tok3 tok4 tok5');
    expect(contentOf(echo)).toBe('parallel echo');
    expect(tools.choices[0].message.tool_calls).toHaveLength(2);
    const reader = new EventReader(await paused);
    await reader.take(2);
    expect(await reader.next(100)).toBe('timeout');
    mock.release('par');
    expect(contentOf(await reader.rest())).toBe(' tok2');
  });

  it('lists requests, releases keys and resets over HTTP', async () => {
    const res = await chat(mock, chatBody('[[mock:pause key=http-key after=0 tokens=1]]'));
    const reader = new EventReader(res);
    await reader.take(1);
    const listed = (await (await control('requests', 'GET')).json()) as RecordedRequest[];
    expect(listed.find((r) => r.seq === seqOf(res))?.scenario?.params.key).toBe('http-key');
    expect(await (await control('release/http-key')).json()).toEqual({ released: 'http-key' });
    expect(contentOf(await reader.rest())).toBe('tok1');

    expect((await control('reset')).status).toBe(200);
    expect(mock.requests()).toEqual([]);
    // The reset forgot the released key: the same pause waits again.
    const again = new EventReader(
      await chat(mock, chatBody('[[mock:pause key=http-key after=0]]')),
    );
    await again.take(1);
    expect(await again.next(100)).toBe('timeout');
    await again.cancel();
    expect((await control('nope')).status).toBe(404);
  });
});

describe('lifecycle', () => {
  it('close() ends stalled streams and resolves', async () => {
    const own = await startMockUpstream();
    const res = await chat(own, chatBody('[[mock:stall after=1]]'));
    const reader = new EventReader(res);
    await reader.take(2);
    await own.close();
    await expect(reader.rest(2000)).rejects.toThrow();
    expect(own.requests()[0]?.aborted).toBe(false);
  });

  it('runs as a process that prints its URL and exits on SIGTERM', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      ['e2e/mock-upstream/main.ts', '--port', '0'],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const lines = createInterface({ input: child.stdout });
      const [line] = await Promise.race([
        new Promise<string[]>((resolve) => lines.once('line', (l) => resolve([l]))),
        exited.then(() => [] as string[]),
      ]);
      const url = /^MOCK_UPSTREAM_URL=(http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(line ?? '')?.[1];
      expect(url).toBeDefined();
      expect((await fetch(`${url}/models`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 20_000);
});
