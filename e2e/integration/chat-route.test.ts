import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { Client, eventually, readChat } from './client';

const KEY = 'sk-test-integration-0123456789';

const mock = withMockUpstream({ apiKey: KEY });
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
}));

const tokens = (n: number) =>
  Array.from({ length: n }, (_, i) => (i ? ` tok${i + 1}` : 'tok1')).join('');

async function detail(client: Client, id: string) {
  return (await client.json<ConversationDetail>(`/api/conversations/${id}`)).body;
}
const assistantOf = (d: ConversationDetail): ChatMessage | undefined =>
  d.messages.filter((m) => m.role === 'assistant').at(-1);
const upstreamRequestFor = (marker: string) =>
  mock.waitForRequest((r) => JSON.stringify(r.body).includes(marker), 5_000);

describe('POST /api/chat', () => {
  it('streams a text answer, saves both messages and sends the server key upstream', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:text tokens=12 usage=1]] hi' }),
    );
    expect(run.answer).toMatchObject({
      status: 'complete',
      content: tokens(12),
      finishReason: 'stop',
      model: 'mock-model',
    });
    expect(run.answer?.usage?.total_tokens).toBeGreaterThan(0);
    // Tokens that arrive in one read go on as one chunk (full-speed.test.ts): the text is whole.
    expect(
      (run.chunks as { choices: { delta: { content?: string } }[] }[])
        .map((c) => c.choices[0]?.delta.content ?? '')
        .join(''),
    ).toBe(tokens(12));
    expect(run.raw).not.toContain(KEY);

    const saved = await detail(client, run.start.conversationId);
    expect(saved.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(assistantOf(saved)?.content).toBe(tokens(12));

    const sent = await upstreamRequestFor('[[mock:text tokens=12 usage=1]]');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({
      model: 'mock-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: '[[mock:text tokens=12 usage=1]] hi' }],
    });
  });

  it('sends the history of the conversation on the next turn', async () => {
    const client = new Client(app.url);
    const first = await readChat(
      await client.postChat({ content: '[[mock:text tokens=2]] first' }),
    );
    const id = first.start.conversationId;
    await readChat(await client.postChat({ conversationId: id, content: '[[mock:echo]] second' }));
    const sent = await upstreamRequestFor('[[mock:echo]] second');
    expect((sent.body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: '[[mock:text tokens=2]] first' },
      { role: 'assistant', content: 'tok1 tok2' },
      { role: 'user', content: '[[mock:echo]] second' },
    ]);
  });

  it('assembles parallel tool-call deltas split over many chunks', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:tools calls=2 split=6]]' }),
    );
    // The mock's tools are unknown to Parley, so the turn goes on (the model is told why) and
    // ends with a text answer; the tool calls are on the turn's first assistant message.
    const message = run.done?.messages.find((m) => m.role === 'assistant') ?? null;
    expect(message?.finishReason).toBe('tool_calls');
    expect(message?.toolCalls).toHaveLength(2);
    for (const call of message?.toolCalls ?? []) {
      expect(call.id).toBeTruthy();
      expect(() => JSON.parse(call.function.arguments)).not.toThrow();
    }
    const saved = (await detail(client, run.start.conversationId)).messages.find(
      (m) => m.role === 'assistant',
    );
    expect(saved?.toolCalls).toEqual(message?.toolCalls);
  });

  it('keeps partial content and surfaces an error sent inside a 200 stream', async () => {
    const client = new Client(app.url);
    const run = await readChat(await client.postChat({ content: '[[mock:stream-error after=3]]' }));
    expect(run.errors[0]?.code).toBe('stream_error');
    expect(run.answer).toMatchObject({ status: 'error', content: tokens(3) });
    const saved = assistantOf(await detail(client, run.start.conversationId));
    expect(saved).toMatchObject({ status: 'error', content: tokens(3) });
    expect(saved?.error?.code).toBe('stream_error');
  });

  it.each([
    [401, 'upstream_auth', false],
    [404, 'model_not_found', false],
    [429, 'rate_limited', true],
    [500, 'upstream_error', true],
  ])('maps upstream HTTP %i to a clear message', async (status, code, retryable) => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: `[[mock:http status=${status} retry=9]]` }),
    );
    expect(run.errors[0]).toMatchObject({ code, retryable });
    if (status === 429) expect(run.errors[0]?.message).toContain('9 s');
    expect(run.raw).not.toContain(KEY);
    expect(run.raw).not.toMatch(/mock upstream|"type":/i);
    const saved = assistantOf(await detail(client, run.start.conversationId));
    expect(saved).toMatchObject({ status: 'error', error: { code } });
  });

  it('keeps what arrived when the upstream resets mid-stream', async () => {
    const client = new Client(app.url);
    const run = await readChat(await client.postChat({ content: '[[mock:reset after=4]]' }));
    // A failure, not a Stop: status error, the partial answer kept, Retry offered.
    expect(run.answer).toMatchObject({
      status: 'error',
      content: tokens(4),
      error: { code: 'connection_lost', retryable: true },
    });
    expect(run.errors[0]?.code).toBe('connection_lost');
    expect(assistantOf(await detail(client, run.start.conversationId))).toMatchObject({
      status: 'error',
      content: tokens(4),
    });
  });

  it('falls back when a provider rejects stream_options', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:reject-stream-options]] x' }),
    );
    expect(run.answer?.status).toBe('complete');
    // Streaming requests only: the non-streaming title request follows the first answer.
    const sent = mock
      .requests()
      .filter(
        (r) =>
          (r.body as { stream?: unknown } | null)?.stream === true &&
          JSON.stringify(r.body).includes('reject-stream-options'),
      );
    expect(sent.map((r) => r.status)).toEqual([400, 200]);
    expect(sent[1]?.body).not.toHaveProperty('stream_options');
  });

  it('Stop aborts the upstream request and saves the partial answer as interrupted', async () => {
    const client = new Client(app.url);
    const res = await client.postChat({ content: '[[mock:pause key=stop-1 after=3 tokens=10]]' });
    let assistantId = '';
    let content = '';
    let ready!: () => void;
    const threeTokens = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const reading = readChat(res, (m) => {
      if (m.event === 'start') assistantId = JSON.parse(m.data).assistantMessage.id;
      // Tokens that arrived together come as one chunk: what counts is the text so far.
      else if (!m.event) {
        content += JSON.parse(m.data).choices?.[0]?.delta?.content ?? '';
        if (content === tokens(3)) ready();
      }
      return undefined;
    });
    const upstream = await upstreamRequestFor('key=stop-1');
    await threeTokens;
    const stop = await client.json<{ message: ChatMessage }>(`/api/chat/${assistantId}/stop`, {
      method: 'POST',
    });
    expect(stop.status).toBe(200);
    expect(stop.body.message).toMatchObject({ status: 'interrupted', content: tokens(3) });
    await mock.waitForAborted(upstream.seq, 5_000);
    const run = await reading;
    expect(run.answer?.status).toBe('interrupted');
    expect(run.errors).toEqual([]);
    expect(assistantOf(await detail(client, run.start.conversationId))).toMatchObject({
      status: 'interrupted',
      content: tokens(3),
    });
  });

  it('finishes and saves the answer after the browser disconnects', async () => {
    const client = new Client(app.url);
    const abort = new AbortController();
    const res = await client.postChat(
      { content: '[[mock:pause key=gone-1 after=2 tokens=8]]' },
      abort.signal,
    );
    const partial = await readChat(res, (m) => (m.event === 'start' ? 'stop-reading' : undefined));
    abort.abort();
    const upstream = await upstreamRequestFor('key=gone-1');
    mock.release('gone-1');
    const saved = await eventually(
      () => detail(client, partial.start.conversationId),
      (d) => assistantOf(d)?.status !== 'streaming',
    );
    expect(assistantOf(saved)).toMatchObject({ status: 'complete', content: tokens(8) });
    expect(mock.requests().find((r) => r.seq === upstream.seq)?.aborted).toBe(false);
  });
});

describe('access and validation', () => {
  it('gives 404 for a conversation that is not the caller’s, to chat, read and stop', async () => {
    const owner = new Client(app.url);
    const run = await readChat(await owner.postChat({ content: '[[mock:text tokens=2]] mine' }));
    const stranger = new Client(app.url);
    expect((await stranger.json(`/api/conversations/${run.start.conversationId}`)).status).toBe(
      404,
    );
    const res = await stranger.postChat({
      conversationId: run.start.conversationId,
      content: 'hi',
    });
    expect(res.status).toBe(404);
    const stop = await stranger.fetch(`/api/chat/${run.start.assistantMessage.id}/stop`, {
      method: 'POST',
    });
    expect(stop.status).toBe(404);
  });

  it('gives a tampered cookie a fresh guest with no access to the old data', async () => {
    const owner = new Client(app.url);
    const run = await readChat(await owner.postChat({ content: '[[mock:text tokens=2]] secret' }));
    const [head, payload, sig] = (owner.cookie ?? '').replace('parley_session=', '').split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    forged.sub = '00000000-0000-4000-8000-000000000000';
    const intruder = new Client(app.url);
    intruder.cookie = `parley_session=${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
    const res = await intruder.json(`/api/conversations/${run.start.conversationId}`);
    expect(res.status).toBe(404);
    expect(intruder.cookie).not.toContain(payload);
    const list = await intruder.json<{ items: unknown[] }>('/api/conversations');
    expect(list.body.items).toEqual([]);
  });

  it('rejects bad bodies with a clear message and oversized ones with 413', async () => {
    const client = new Client(app.url);
    const empty = await client.json<{ error: { message: string } }>('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: '   ' }),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/non-empty message/);
    const junk = await client.fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(junk.status).toBe(400);
    // JSON in a text/plain body (all a cross-site form can send) is not taken as JSON.
    const plain = await client.fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ content: 'hi' }),
    });
    expect(plain.status).toBe(415);
    const huge = await client.fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(600 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const model = await client.json<{ error: { message: string } }>('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hi', model: 'not-a-model' }),
    });
    expect(model.status).toBe(400);
    expect(model.body.error.message).toContain('not-a-model');
  });
});
