// Two production servers (`next start`, different ports) on one real PostgreSQL, as on Vercel
// where any request may land on any instance. Needs DATABASE_URL (`.ci/run` runs this file
// against the PostgreSQL it starts); PGlite cannot be shared between processes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { createSSEDecoder, type SSEMessage } from '@/lib/openai/sse';
import { createTestDatabase, type TestDatabase } from '@/lib/server/db/testing';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { Client, eventually, readChat } from './client';

const LEASE_MS = 2_000;
let mock: MockUpstream;
let testDb: TestDatabase;
let a: AppServer;
let b: AppServer;
let env: Record<string, string>;

const start = () => startApp({ env });
const key = () => `k${randomUUID().slice(0, 8)}`;
const contentOf = (chunks: unknown[]) =>
  (chunks as { choices?: { delta?: { content?: string } }[] }[])
    .map((c) => c.choices?.[0]?.delta?.content ?? '')
    .join('');

/** Reads a resumed stream to its end (or until `until` says stop). */
async function readResumed(
  res: Response,
  until?: (m: SSEMessage, all: SSEMessage[]) => boolean,
): Promise<SSEMessage[]> {
  if (res.status !== 200 || !res.body) throw new Error(`resume: HTTP ${res.status}`);
  const messages: SSEMessage[] = [];
  let stop = false;
  const decoder = createSSEDecoder((m) => {
    messages.push(m);
    if (until?.(m, messages)) stop = true;
  });
  const reader = res.body.getReader();
  while (!stop) {
    const { done, value } = await reader.read();
    if (done) break;
    decoder.push(value);
  }
  if (stop) await reader.cancel();
  return messages;
}

const chunksOf = (messages: SSEMessage[]) =>
  messages.filter((m) => !m.event).map((m) => JSON.parse(m.data) as unknown);
const doneAnswer = (messages: SSEMessage[]): ChatMessage | undefined =>
  (
    JSON.parse(messages.find((m) => m.event === 'done')?.data ?? '{"messages":[]}') as {
      messages: ChatMessage[];
    }
  ).messages.findLast((m) => m.role === 'assistant');

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    mock = await startMockUpstream();
    testDb = await createTestDatabase();
    if (testDb.options.driver !== 'postgres') throw new Error('needs DATABASE_URL');
    env = {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      DATABASE_URL: testDb.options.url,
      LIVE_LEASE_MS: String(LEASE_MS),
    };
    // Sequential: both would migrate at once otherwise (that race is the deploy tests' business).
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await mock?.close();
    await testDb?.destroy();
  });

  const clients = async () => {
    const onA = new Client(a.url);
    const onB = new Client(b.url);
    // One browser: the session cookie is valid on every instance (the secret is in the database).
    await onA.fetch('/api/conversations');
    onB.cookie = onA.cookie;
    return { onA, onB };
  };

  it('a conversation started on A, reloaded on B mid-answer, resumes on B and ends with exactly the saved text', async () => {
    const { onA, onB } = await clients();
    const k = key();
    let seen = 0;
    const first = await readChat(
      await onA.postChat({ content: `[[mock:pause key=${k} after=40 tokens=120]] go` }),
      (m) => {
        if (m.id) seen = Number(m.id);
        return contentOf([m.event ? {} : JSON.parse(m.data)]).includes('tok40')
          ? 'stop-reading'
          : undefined;
      },
    );
    const conversationId = first.start.conversationId;
    const generation = first.start.generationId;
    expect(generation).toMatch(/^[0-9a-f-]{36}$/);

    // A reload on B: everything from the start (after=0), then the live tail.
    const reload = onB.fetch(`/api/conversations/${conversationId}/stream`);
    // A dropped connection on B: only what the browser has not seen.
    const dropped = onB.fetch(
      `/api/conversations/${conversationId}/stream?generation=${generation}`,
      { headers: { 'last-event-id': String(seen) } },
    );
    const [full, rest] = await Promise.all([
      reload.then((res) => readResumed(res)),
      dropped.then((res) => readResumed(res)),
      new Promise((r) => setTimeout(r, 300)).then(() => mock.release(k)),
    ]);

    const saved = await onB.json<ConversationDetail>(`/api/conversations/${conversationId}`);
    const answer = saved.body.messages.at(-1);
    expect(answer?.status).toBe('complete');
    const expected = Array.from({ length: 120 }, (_, i) => `${i ? ' ' : ''}tok${i + 1}`).join('');
    expect(answer?.content).toBe(expected);

    // Exactly once, in order: ids 1..N with no gap, and the text the database holds.
    const ids = full.filter((m) => m.id).map((m) => Number(m.id));
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(full[0]?.event).toBe('start');
    expect(contentOf(chunksOf(full))).toBe(expected);
    expect(doneAnswer(full)?.content).toBe(expected);

    const restIds = rest.filter((m) => m.id).map((m) => Number(m.id));
    expect(restIds[0]).toBe(seen + 1);
    expect(restIds).toEqual(Array.from({ length: restIds.length }, (_, i) => seen + 1 + i));
    expect(contentOf(first.chunks) + contentOf(chunksOf(rest))).toBe(expected);
    // The model was asked once (besides the non-streamed request for a title).
    const asked = mock
      .requests()
      .filter((r) => JSON.stringify(r.body).includes(k) && (r.body as { stream?: boolean }).stream);
    expect(asked).toHaveLength(1);
  });

  it('Stop sent to B stops the generation on A within 2 s, and the upstream sees the request aborted', async () => {
    const { onA, onB } = await clients();
    const run = await readChat(
      await onA.postChat({ content: '[[mock:stall after=2]] stop me elsewhere' }),
      (m) => (m.event === 'start' ? 'stop-reading' : undefined),
    );
    const request = await mock.waitForRequest(
      (r) => JSON.stringify(r.body).includes('stop me elsewhere'),
      5_000,
    );
    await eventually(
      () => onB.json<ConversationDetail>(`/api/conversations/${run.start.conversationId}`),
      ({ body }) => body.messages[1]?.content === 'tok1 tok2',
    );
    const t0 = Date.now();
    const stopped = onB.json<{ message: ChatMessage }>(
      `/api/chat/${run.start.assistantMessage.id}/stop`,
      { method: 'POST' },
    );
    await mock.waitForAborted(request.seq, 2_000);
    expect(Date.now() - t0).toBeLessThan(2_000);
    const { status, body } = await stopped;
    expect(status).toBe(200);
    // Answered once the generating instance saved the stopped answer.
    expect(body.message.status).not.toBe('streaming');
    expect(body.message.content).toBe('tok1 tok2');
  });

  it('restarting B while A streams does not interrupt the answer on A', async () => {
    const { onA } = await clients();
    const k = key();
    const pending = readChat(
      await onA.postChat({ content: `[[mock:pause key=${k} after=3 tokens=8]] keep going` }),
    );
    await mock.waitForRequest((r) => JSON.stringify(r.body).includes(k), 5_000);
    await b.stop();
    b = await start();
    const onB = new Client(b.url);
    onB.cookie = onA.cookie;
    // Longer than the lease: A's heartbeat keeps it.
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    const conversations = await onB.json<{ items: { id: string }[] }>('/api/conversations');
    const conversationId = conversations.body.items[0]?.id ?? '';
    const during = await onB.json<ConversationDetail>(`/api/conversations/${conversationId}`);
    expect(during.body.messages.at(-1)?.status).toBe('streaming');
    mock.release(k);
    const run = await pending;
    expect(run.answer?.status).toBe('complete');
    expect(run.answer?.content).toBe('tok1 tok2 tok3 tok4 tok5 tok6 tok7 tok8');
  });

  it('after A is killed mid-answer its lease expires: the answer shows as interrupted with its partial text, and Retry works from B', async () => {
    const { onA, onB } = await clients();
    const k = key();
    const run = await readChat(
      await onA.postChat({ content: `[[mock:pause key=${k} after=2 tokens=4]] then crash` }),
      (m) => (m.event === 'start' ? 'stop-reading' : undefined),
    );
    const conversationId = run.start.conversationId;
    await eventually(
      () => onB.json<ConversationDetail>(`/api/conversations/${conversationId}`),
      ({ body }) => body.messages[1]?.content === 'tok1 tok2',
    );
    await a.stop({ signal: 'SIGKILL' });

    const settled = await eventually(
      () => onB.json<ConversationDetail>(`/api/conversations/${conversationId}`),
      ({ body }) => body.messages[1]?.status !== 'streaming',
      LEASE_MS * 5,
    );
    expect(settled.body.messages[1]).toMatchObject({
      status: 'interrupted',
      content: 'tok1 tok2',
    });

    // The retry's own request goes straight through.
    mock.release(k);
    const retry = await readChat(
      await onB.postChat({ conversationId, retryOf: run.start.assistantMessage.id }),
    );
    expect(retry.answer?.status).toBe('complete');
    expect(retry.answer?.content).toBe('tok1 tok2 tok3 tok4');
  });
});
