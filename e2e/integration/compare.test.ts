// Comparisons over real HTTP (one instance, PGlite): one question to several models at once,
// each answer its own live turn, followed, stopped and retried on its own, and counted per answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import type { PublicShare } from '@/lib/share/types';
import { Client, eventually, readChat } from './client';
import { createShare } from './share-support';
import { COMPARE_ENV, choices, followAnswer, MODELS, postCompare, tokens } from './compare-support';

let mock: MockUpstream;
let app: AppServer;

beforeAll(async () => {
  mock = await startMockUpstream();
  app = await startApp({ env: { OPENAI_BASE_URL: mock.url, ...COMPARE_ENV } });
});
afterAll(async () => {
  await app?.stop();
  await mock?.close();
});

const key = () => `k${randomUUID().slice(0, 8)}`;
const streamed = (tag: string, model: string) =>
  mock
    .requests()
    .filter(
      (r) =>
        JSON.stringify(r.body).includes(tag) &&
        (r.body as { stream?: boolean; model?: string }).stream &&
        (r.body as { model?: string }).model === model,
    );

describe('a comparison', () => {
  it('answers one question with three models at once, each in its own branch and stream; one fails mid-way, the others finish', async () => {
    const client = new Client(app.url);
    const tag = key();
    const content = `${tag} [[mock@mock-model:text tokens=12 rate=40]] [[mock@mock-fast:text tokens=30 rate=200]] [[mock@mock-slow:stream-error after=4 rate=20]] compare`;
    const { status, body } = await postCompare(client, { content, models: choices() });
    expect(status).toBe(201);
    expect(body.answers.map((a) => [a.message.model, a.message.status])).toEqual(
      MODELS.map((m) => [m, 'streaming']),
    );
    const conversationId = body.conversation.id;
    const [slow, fast, failing] = await Promise.all(
      body.answers.map((a) => followAnswer(client, conversationId, a.message.id)),
    );
    expect(slow?.text).toBe(tokens(12));
    expect(slow?.saved).toMatchObject({ status: 'complete', content: tokens(12) });
    expect(fast?.saved).toMatchObject({ status: 'complete', content: tokens(30) });
    expect(failing?.saved).toMatchObject({ status: 'error', content: tokens(4) });
    expect(failing?.saved?.error?.retryable).toBe(true);
    // Each model was asked once, all at about the same time (not one after the other).
    const asked = MODELS.map((m) => streamed(tag, m));
    expect(asked.map((a) => a.length)).toEqual([1, 1, 1]);
    const starts = asked.map((a) => a[0]?.receivedAt ?? 0);
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(1_000);

    // The answers are siblings of the one question, with their comparison and column.
    const { body: saved } = await client.json<ConversationDetail>(
      `/api/conversations/${conversationId}`,
    );
    const shown = saved.messages.at(-1);
    expect(saved.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(shown?.comparison).toEqual({ id: body.comparisonId, slot: 0, provider: 'default' });
    expect(saved.branches?.[shown?.id ?? '']?.siblingIds).toEqual(
      body.answers.map((a) => a.message.id),
    );
  });

  it('Stop on one answer stops that answer alone; the others run on', async () => {
    const client = new Client(app.url);
    const k = key();
    const content = `${k} [[mock@mock-model:pause key=${k} after=2 tokens=6]] [[mock@mock-fast:pause key=${k} after=2 tokens=6]] [[mock@mock-slow:stall after=2]]`;
    const { body } = await postCompare(client, { content, models: choices() });
    const conversationId = body.conversation.id;
    const stalled = await mock.waitForRequest(
      (r) =>
        JSON.stringify(r.body).includes(k) && (r.body as { model?: string }).model === 'mock-slow',
      5_000,
    );
    const [, , stopped] = body.answers;
    const stop = await client.json<{ message: { status: string; content: string } }>(
      `/api/chat/${stopped?.message.id}/stop`,
      { method: 'POST' },
    );
    expect(stop.status).toBe(200);
    await mock.waitForAborted(stalled.seq, 2_000);
    expect(stop.body.message).toMatchObject({ status: 'interrupted', content: 'tok1 tok2' });
    // The other two are still being written, and finish once their model goes on.
    const during = await client.json<ConversationDetail>(`/api/conversations/${conversationId}`);
    expect(during.body.messages.at(-1)?.status).toBe('streaming');
    mock.release(k);
    const rest = await Promise.all(
      body.answers.slice(0, 2).map((a) => followAnswer(client, conversationId, a.message.id)),
    );
    expect(rest.map((r) => r.saved?.status)).toEqual(['complete', 'complete']);
    expect(rest.map((r) => r.saved?.content)).toEqual([tokens(6), tokens(6)]);
  });

  it('is the one live group of its conversation: no other answer meanwhile, but a column may be retried', async () => {
    const client = new Client(app.url);
    const k = key();
    const content = `${k} [[mock@mock-model:pause key=${k} after=1 tokens=3]] [[mock@mock-fast:http status=500]]`;
    const { body } = await postCompare(client, {
      content,
      models: choices(['mock-model', 'mock-fast']),
    });
    const conversationId = body.conversation.id;
    const [waiting, failed] = body.answers;
    const failedRun = await followAnswer(client, conversationId, failed?.message.id ?? '');
    expect(failedRun.saved?.status).toBe('error');

    // Another message, or another comparison, waits for this one.
    const single = await client.postChat({ conversationId, content: 'meanwhile' });
    expect(single.status).toBe(409);
    await single.body?.cancel();
    const second = await postCompare(client, {
      conversationId,
      content: 'again',
      models: choices(),
    });
    expect(second.status).toBe(409);

    // Retry of the failed column joins the live comparison, in its column, with its model.
    const retried = await readChat(
      await client.postChat({
        conversationId,
        retryOf: failed?.message.id,
      }),
    );
    expect(retried.answer?.model).toBe('mock-fast');
    expect(retried.answer?.comparison).toMatchObject({ id: body.comparisonId, slot: 1 });
    expect(retried.answer?.status).toBe('error');
    mock.release(k);
    const first = await followAnswer(client, conversationId, waiting?.message.id ?? '');
    expect(first.saved).toMatchObject({ status: 'complete', content: tokens(3) });

    // Once all are written, the conversation takes a new message again.
    const next = await readChat(await client.postChat({ conversationId, content: 'next' }));
    expect(next.answer?.status).toBe('complete');
  });

  it('"Continue with this answer" makes that answer the branch, and the next message goes to its model with it as history', async () => {
    const client = new Client(app.url);
    const tag = key();
    const { body } = await postCompare(client, {
      content: `${tag} [[mock@mock-model:text tokens=2]] [[mock@mock-fast:text tokens=4]] keep one`,
      models: choices(['mock-model', 'mock-fast']),
    });
    const conversationId = body.conversation.id;
    await Promise.all(body.answers.map((a) => followAnswer(client, conversationId, a.message.id)));
    const kept = body.answers[1]?.message.id ?? '';
    const keep = await client.json<ConversationDetail>(
      `/api/conversations/${conversationId}/keep`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messageId: kept }),
      },
    );
    expect(keep.status).toBe(200);
    expect(keep.body.messages.at(-1)).toMatchObject({ id: kept, content: tokens(4) });
    expect(keep.body.conversation).toMatchObject({ model: 'mock-fast', provider: 'default' });

    const next = key();
    const run = await readChat(await client.postChat({ conversationId, content: `${next} then?` }));
    expect(run.answer?.status).toBe('complete');
    const [request, ...more] = mock
      .requests()
      .filter(
        (r) => JSON.stringify(r.body).includes(next) && (r.body as { stream?: boolean }).stream,
      );
    expect(more).toEqual([]);
    const sent = request?.body as { model: string; messages: { role: string; content: unknown }[] };
    expect(sent.model).toBe('mock-fast');
    expect(
      sent.messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content]),
    ).toEqual([
      ['user', expect.stringContaining(tag)],
      ['assistant', tokens(4)],
      ['user', `${next} then?`],
    ]);
  });

  it("a shared link shows a comparison as columns, in its HTML, without the owner's ids", async () => {
    const client = new Client(app.url);
    const { body } = await postCompare(client, {
      content: '[[mock@mock-model:text tokens=2]] [[mock@mock-fast:text tokens=5]] share both',
      models: choices(['mock-model', 'mock-fast']),
    });
    const conversationId = body.conversation.id;
    await Promise.all(body.answers.map((a) => followAnswer(client, conversationId, a.message.id)));
    const share = await createShare(client, conversationId);
    const id = share.body.share.id;
    const html = await (await fetch(`${app.url}/s/${id}`)).text();
    expect(html).toContain('aria-label="2 answers side by side"');
    expect(html).toContain('aria-label="Answer of mock-fast"');
    expect(html).toContain(tokens(5));
    const { body: shared } = await new Client(app.url).json<PublicShare>(`/api/shares/${id}`);
    const columns = Object.values(shared.comparisons ?? {});
    expect(columns).toHaveLength(1);
    expect(columns[0]?.map((c) => [c.model, c.messages.at(-1)?.content])).toEqual([
      ['mock-model', tokens(2)],
      ['mock-fast', tokens(5)],
    ]);
    const text = JSON.stringify(shared);
    for (const owned of [body.comparisonId, ...body.answers.map((a) => a.message.id)]) {
      expect(text).not.toContain(owned);
    }
  });

  it('refuses a comparison it cannot run before saving anything', async () => {
    const client = new Client(app.url);
    const one = await postCompare(client, { content: 'x', models: choices(['mock-model']) });
    expect(one.status).toBe(400);
    const twice = await postCompare(client, {
      content: 'x',
      models: choices(['mock-model', 'mock-model']),
    });
    expect(twice.status).toBe(400);
    const unknown = await postCompare(client, {
      content: 'unknown model',
      models: choices(['mock-model', 'no-such-model']),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toMatch(/no-such-model/);
    const list = await client.json<{ items: unknown[] }>('/api/conversations');
    expect(list.body.items).toHaveLength(0);
  });
});

describe('limits of a comparison', () => {
  let limited: AppServer;
  beforeAll(async () => {
    limited = await startApp({
      env: {
        OPENAI_BASE_URL: mock.url,
        ...COMPARE_ENV,
        RATE_LIMIT_CHAT_PER_USER: '5',
        RATE_LIMIT_CHAT_PER_IP: '100',
      },
    });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('counts every answer as a message against the rate limit', async () => {
    const client = new Client(limited.url);
    const first = await postCompare(client, { content: 'one', models: choices() });
    expect(first.status).toBe(201);
    await Promise.all(
      first.body.answers.map((a) => followAnswer(client, first.body.conversation.id, a.message.id)),
    );
    // 3 of 5 used: two more answers fit, three do not.
    const second = await postCompare(client, {
      conversationId: first.body.conversation.id,
      content: 'two',
      models: choices(),
    });
    expect(second.status).toBe(429);
    await eventually(
      () => client.json<ConversationDetail>(`/api/conversations/${first.body.conversation.id}`),
      ({ body }) => body.messages.filter((m) => m.role === 'user').length === 1,
    );
  });
});
