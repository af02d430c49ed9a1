import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankMessage } from '@/lib/chat/blank-message';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage } from '@/lib/chat/types';
import { conversationStore } from './conversation-store';
import { createStreamDriver, type FinishedTurn, resumeUrl } from './stream-driver';

const msg = (id: string, role: ChatMessage['role'], extra: Partial<ChatMessage> = {}) =>
  blankMessage({ id, conversationId: 'c1', role, model: 'm', ...extra });

const chunk = (content: string, extra: Record<string, unknown> = {}) =>
  encodeSSE({
    id: 'x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    system_fingerprint: null,
    choices: [{ index: 0, delta: { content }, finish_reason: null, logprobs: null }],
    ...extra,
  });

// The driver's writes wait for a task (flush-timer.ts); here they run when the test says.
const timers = vi.hoisted(() => ({ due: [] as (() => void)[] }));
vi.mock('./flush-timer', () => ({ afterMs: (run: () => void) => timers.due.push(run) }));
let body!: ReadableStreamDefaultController<Uint8Array>;
let requests: { url: string; init: RequestInit }[] = [];
let answer: () => Response;

const streamResponse = () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start: (c) => {
        body = c;
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

const tick = () => new Promise((r) => setTimeout(r, 0));
const runWrites = () => {
  const due = timers.due;
  timers.due = [];
  for (const f of due) f();
};
const live = () => conversationStore.get().live;

beforeEach(() => {
  conversationStore.actions().turnEnded();
  conversationStore.actions().clearSendError();
  timers.due = [];
  requests = [];
  answer = streamResponse;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return url.endsWith('/stop') ? new Response(null, { status: 204 }) : answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the stream driver', () => {
  it('streams a turn into the store once per write and hands the saved turn over once', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    const finished: FinishedTurn[] = [];
    const started: string[] = [];
    const writes: number[] = [];
    const unsubscribe = conversationStore.subscribe((s, prev) => {
      if (s.live?.messages !== prev.live?.messages) writes.push(s.live?.messages.length ?? 0);
    });
    const outcome = driver.start({
      url: '/api/chat',
      body: { content: 'hi' },
      userMessage: msg('local-1', 'user', { content: 'hi' }),
      onStarted: (id) => started.push(id),
      onFinished: (turn) => finished.push(turn),
    });
    expect(live()?.userMessage?.id).toBe('local-1');
    await tick();
    expect(requests[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(requests[0]?.init.body))).toEqual({ content: 'hi' });

    const user = msg('u1', 'user', { content: 'hi' });
    const a1 = msg('a1', 'assistant', { status: 'streaming' });
    body.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: user, assistantMessage: a1 }, 'start'),
    );
    await tick();
    expect(started).toEqual(['c1']);
    expect(live()?.userMessage?.id).toBe('u1');
    writes.length = 0;

    for (let i = 0; i < 20; i++) body.enqueue(chunk(`t${i} `));
    await tick();
    expect(timers.due).toHaveLength(1);
    expect(writes).toEqual([]);
    runWrites();
    expect(writes).toEqual([1]);
    expect(live()?.messages[0]?.content).toMatch(/^t0 .*t19 $/);

    // A finished step arrives as saved; a pending write no longer writes over it.
    body.enqueue(chunk('late '));
    const savedA1 = { ...a1, content: 'first step', status: 'complete' as const };
    body.enqueue(encodeSSE({ message: savedA1 }, 'message'));
    const a2 = msg('a2', 'assistant', { status: 'streaming' });
    body.enqueue(encodeSSE({ assistantMessage: a2 }, 'step'));
    body.enqueue(chunk('second'));
    await tick();
    runWrites();
    expect(live()?.messages.map((m) => [m.id, m.content])).toEqual([
      ['a1', 'first step'],
      ['a2', 'second'],
    ]);

    const savedA2 = { ...a2, content: 'second', status: 'complete' as const };
    body.enqueue(encodeSSE({ messages: [user, savedA1, savedA2] }, 'done'));
    body.close();
    expect(await outcome).toEqual({ kind: 'done', conversationId: 'c1' });
    unsubscribe();
    expect(live()).toBeNull();
    expect(finished).toEqual([
      {
        conversationId: 'c1',
        conversation: null,
        saved: [user, savedA1, savedA2],
        replaces: null,
        newVersionId: null,
      },
    ]);
  });

  it('names the new version of a retried answer', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    let turn: FinishedTurn | undefined;
    const outcome = driver.start({
      url: '/api/chat',
      body: { retryOf: 'a0' },
      userMessage: null,
      replaces: 'a0',
      onFinished: (t) => {
        turn = t;
      },
    });
    await tick();
    const a1 = msg('a1', 'assistant', { status: 'streaming' });
    body.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: null, assistantMessage: a1 }, 'start'),
    );
    body.enqueue(encodeSSE({ messages: [a1] }, 'done'));
    body.close();
    await outcome;
    expect(turn).toMatchObject({ replaces: 'a0', newVersionId: 'a1' });
  });

  it('reports a refused request and keeps nothing live', async () => {
    answer = () =>
      Response.json({ error: { code: 'conflict', message: 'Busy.' } }, { status: 409 });
    const outcome = await createStreamDriver().start({
      url: '/api/chat',
      body: {},
      userMessage: msg('local-1', 'user'),
    });
    expect(outcome).toEqual({
      kind: 'refused',
      error: { code: 'conflict', message: 'Busy.', retryable: false },
    });
    expect(live()).toBeNull();
    expect(conversationStore.get().sendError?.message).toBe('Busy.');
  });

  it('lets go of a turn whose stream ends without `done`: the server still owns it', async () => {
    const outcome = createStreamDriver().start({ url: '/api/chat', body: {}, userMessage: null });
    await tick();
    const a1 = msg('a1', 'assistant', { status: 'streaming' });
    body.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: null, assistantMessage: a1 }, 'start'),
    );
    body.close();
    expect(await outcome).toEqual({ kind: 'detached', conversationId: 'c1' });
    expect(live()).toBeNull();
  });

  it('sends a Stop pressed before the answer existed as soon as it does', async () => {
    const driver = createStreamDriver();
    const outcome = driver.start({ url: '/api/chat', body: {}, userMessage: null });
    driver.stop();
    expect(live()?.stopRequested).toBe(true);
    await tick();
    expect(requests.map((r) => r.url)).toEqual(['/api/chat']);
    const a1 = msg('a1', 'assistant', { status: 'streaming' });
    body.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: null, assistantMessage: a1 }, 'start'),
    );
    await tick();
    expect(requests.map((r) => r.url)).toEqual(['/api/chat', '/api/chat/a1/stop']);
    body.close();
    await outcome;
  });

  it('resumes an answer from a sequence number, folding its events onto the saved message', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    const a1 = msg('a1', 'assistant', { status: 'streaming', content: '' });
    const user = msg('u1', 'user', { content: 'hi' });
    const outcome = driver.resume({
      conversationId: 'c1',
      messageId: 'a1',
      afterSeq: 0,
      turn: [a1],
    });
    expect(live()?.conversationId).toBe('c1');
    await tick();
    expect(requests[0]?.url).toBe(resumeUrl('c1', 0));
    expect(requests[0]?.url).toBe('/api/conversations/c1/stream?after=0');
    expect(requests[0]?.init.method).toBe('GET');
    expect(requests[0]?.init.headers).toMatchObject({ 'last-event-id': '0' });

    body.enqueue(new TextEncoder().encode('id: 7\n'));
    body.enqueue(chunk('resumed'));
    await tick();
    runWrites();
    expect(live()?.messages.map((m) => [m.id, m.content])).toEqual([['a1', 'resumed']]);
    expect(driver.lastSeq()).toBe('7');
    body.enqueue(encodeSSE({ messages: [user, { ...a1, content: 'resumed' }] }, 'done'));
    body.close();
    expect(await outcome).toEqual({ kind: 'done', conversationId: 'c1' });
  });

  it('a resumed turn replays from its start without showing the saved user message twice', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    const user = msg('u1', 'user', { content: 'hi' });
    const a1 = msg('a1', 'assistant', { status: 'streaming', content: 'half' });
    const outcome = driver.resume({ conversationId: 'c1', messageId: 'a1', turn: [a1] });
    await tick();
    body.enqueue(
      encodeSSE(
        { conversationId: 'c1', userMessage: user, assistantMessage: { ...a1, content: '' } },
        'start',
      ),
    );
    body.enqueue(chunk('half'));
    body.enqueue(chunk(' and whole'));
    await tick();
    runWrites();
    expect(live()?.userMessage).toBeNull();
    expect(live()?.messages.map((m) => [m.id, m.content])).toEqual([['a1', 'half and whole']]);
    body.enqueue(encodeSSE({ messages: [user, { ...a1, content: 'half and whole' }] }, 'done'));
    body.close();
    expect(await outcome).toEqual({ kind: 'done', conversationId: 'c1' });
  });

  it('a resume answered 204 (no live turn any more) hands back to the saved copy', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    answer = () => new Response(null, { status: 204 });
    const outcome = driver.resume({ conversationId: 'c1', messageId: 'a1' });
    expect(await outcome).toEqual({ kind: 'detached', conversationId: 'c1' });
    expect(live()).toBeNull();
  });

  it('stops reading when detached, without writing the store again', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    const outcome = driver.start({ url: '/api/chat', body: {}, userMessage: null });
    await tick();
    const a1 = msg('a1', 'assistant', { status: 'streaming' });
    body.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: null, assistantMessage: a1 }, 'start'),
    );
    body.enqueue(chunk('text'));
    await tick();
    driver.detach();
    runWrites();
    expect(live()).toBeNull();
    expect(await outcome).toEqual({ kind: 'aborted' });
  });

  it('detached before the server started the turn, reads on until it did, then lets go', async () => {
    const driver = createStreamDriver({ minRenderGapMs: 0 });
    const started: string[] = [];
    const outcome = driver.start({
      url: '/api/chat',
      body: { content: 'hi' },
      userMessage: msg('local-1', 'user', { content: 'hi' }),
      onStarted: (id) => started.push(id),
    });
    await tick();
    driver.detach();
    expect(live()).toBeNull();
    // Cutting the request off now could lose the message: it stays open until `start`.
    const signal = requests[0]?.init.signal;
    expect(signal?.aborted).toBe(false);
    const a1 = msg('a1', 'assistant', { status: 'streaming' });
    body.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: null, assistantMessage: a1 }, 'start'),
    );
    await tick();
    expect(signal?.aborted).toBe(true);
    // The screen that left is not told (it would move the new screen's address) nor written.
    expect(started).toEqual([]);
    expect(live()).toBeNull();
    expect(await outcome).toEqual({ kind: 'aborted' });
  });
});
