// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { blankMessage } from '@/lib/chat/blank-message';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage } from '@/lib/chat/types';
import { useConversation } from '@/lib/queries/conversations';
import { conversationStore } from '@/lib/store/conversation-store';
import { MessageList } from './message-list';
import { type SendInput, useChatTurn } from './use-chat-turn';

// Counts renders per message id; the real view is covered by its own tests.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./message/assistant-turn', () => ({
  AssistantTurn: ({ messages }: { messages: ChatMessage[] }) => {
    const first = messages[0];
    if (first) renders.set(first.id, (renders.get(first.id) ?? 0) + 1);
    return (
      <article data-role="assistant" data-status={messages.at(-1)?.status}>
        {messages.map((m) => m.content).join('')}
      </article>
    );
  },
}));
// Counts renders of the message list itself (the scroll container): it calls this hook once
// per render.
const listRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./use-stick-to-bottom', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./use-stick-to-bottom')>();
  return {
    useStickToBottom: () => {
      listRenders.count++;
      return actual.useStickToBottom();
    },
  };
});
vi.mock('./message/message-view', () => ({
  MessageView: ({ message }: { message: ChatMessage }) => {
    renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
    return (
      <article data-role={message.role} data-status={message.status}>
        {message.content}
      </article>
    );
  },
}));

const message = (
  id: string,
  role: 'user' | 'assistant',
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage =>
  blankMessage({
    id,
    conversationId: 'c1',
    role,
    content,
    finishReason: role === 'assistant' ? 'stop' : null,
    model: 'm',
    ...extra,
  });

const initial: ConversationDetail = {
  conversation: { id: 'c1', title: 't', model: 'm', settings: {}, createdAt: '', updatedAt: '' },
  messages: [
    message('u0', 'user', 'earlier question'),
    message('a0', 'assistant', 'earlier answer'),
  ],
};

const chunk = (content: string) =>
  encodeSSE({
    id: 'x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });

// The driver's store writes wait for a task (flush-timer.ts): those due now run when the test
// says; those a time floor holds back are kept apart.
const timers = vi.hoisted(() => ({ due: [] as (() => void)[], held: [] as (() => void)[] }));
vi.mock('@/lib/store/flush-timer', () => ({
  afterMs: (run: () => void, delayMs: number) => (delayMs > 0 ? timers.held : timers.due).push(run),
}));
let upstream!: ReadableStreamDefaultController<Uint8Array>;
let send!: (input: SendInput) => Promise<boolean>;

let renderGapMs = 0;

function Harness() {
  // The first test runs the writes by hand with no time floor, to prove one store write per task.
  const turn = useChatTurn({
    conversationId: 'c1',
    onConversationCreated: () => {},
    minRenderGapMs: renderGapMs,
  });
  send = turn.send;
  const { data } = useConversation('c1', initial);
  return (
    <MessageList
      messages={data?.messages ?? []}
      badge={{ label: 'm', demo: false }}
      onRetry={() => {}}
      onContinue={() => {}}
      onApproval={() => {}}
    />
  );
}

const tick = () => act(() => new Promise((r) => setTimeout(r, 0)));
// The chat page loads the stream driver's chunk once mounted (use-stream-driver.ts).
const driverLoaded = () =>
  act(async () => {
    await import('@/lib/store/stream-driver');
    await new Promise((r) => setTimeout(r, 0));
  });
const runWrites = () =>
  act(() => {
    const due = timers.due;
    timers.due = [];
    for (const run of due) run();
  });

beforeEach(() => {
  conversationStore.actions().turnEnded();
  renders.clear();
  listRenders.count = 0;
  timers.due = [];
  timers.held = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (c) => {
              upstream = c;
            },
          }),
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('streaming into the conversation store', () => {
  it('writes the store at most once per write task and re-renders only the streaming message', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(renders.get('u0')).toBe(1);
    expect(renders.get('a0')).toBe(1);
    await driverLoaded();

    let assistantWrites = 0;
    const unsubscribe = conversationStore.subscribe((s, prev) => {
      const now = s.live?.messages.at(-1);
      if (s.live?.messages !== prev.live?.messages && now?.content) assistantWrites++;
    });

    let sent!: Promise<boolean>;
    act(() => {
      sent = send({ content: 'hello' });
    });
    await tick();
    const user = message('u1', 'user', 'hello');
    const assistant = message('a1', 'assistant', '', { status: 'streaming', finishReason: null });
    upstream.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: user, assistantMessage: assistant }, 'start'),
    );
    await tick();
    // Starting a turn may re-render the previous last turn once (it stops offering Retry and
    // Continue). From here on, while tokens stream, only the streaming turn may render.
    const atStart = new Map(renders);
    const listAtStart = listRenders.count;
    expect(listAtStart).toBeGreaterThan(0);

    const bursts = 4;
    for (let b = 0; b < bursts; b++) {
      for (let i = 0; i < 50; i++) upstream.enqueue(chunk(`t${b * 50 + i} `));
      await tick();
      // 50 chunks arrived, one write was asked for, and nothing is written until it runs.
      expect(timers.due.length).toBe(1);
      expect(assistantWrites).toBe(b);
      await runWrites();
      expect(assistantWrites).toBe(b + 1);
    }

    expect(screen.getByText(/t199/).closest('article')?.dataset.status).toBe('streaming');
    // Finished messages never re-rendered; the streaming one rendered once per write.
    expect(renders.get('u0')).toBe(atStart.get('u0'));
    expect(renders.get('a0')).toBe(atStart.get('a0'));
    expect(renders.get('u1')).toBe(atStart.get('u1'));
    expect(renders.get('a1')).toBe((atStart.get('a1') ?? 0) + bursts);
    // Nothing outside the answer renders per chunk: not the list (the scroll container) either.
    expect(listRenders.count).toBe(listAtStart);

    const final = {
      ...assistant,
      status: 'complete' as const,
      finishReason: 'stop',
      content: 'the end',
    };
    upstream.enqueue(encodeSSE({ messages: [user, final] }, 'done'));
    upstream.close();
    await act(async () => {
      expect(await sent).toBe(true);
    });
    unsubscribe();

    // Handed over to the Query cache: the live turn is gone and the saved answer is listed once.
    expect(conversationStore.get().live).toBeNull();
    // From one source (the `done` event): no refetch of the conversation follows the turn.
    await tick();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual(['/api/chat']);
    const articles = Array.from(document.querySelectorAll('article'));
    expect(articles.map((a) => [a.dataset.role, a.dataset.status, a.textContent])).toEqual([
      ['user', 'complete', 'earlier question'],
      ['assistant', 'complete', 'earlier answer'],
      ['user', 'complete', 'hello'],
      ['assistant', 'complete', 'the end'],
    ]);
  });

  it('keeps a time floor between renders of the streaming answer', async () => {
    renderGapMs = 60_000;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness />
      </QueryClientProvider>,
    );
    await driverLoaded();
    act(() => {
      void send({ content: 'hello' });
    });
    await tick();
    const user = message('u1', 'user', 'hello');
    const assistant = message('a1', 'assistant', '', { status: 'streaming', finishReason: null });
    upstream.enqueue(
      encodeSSE({ conversationId: 'c1', userMessage: user, assistantMessage: assistant }, 'start'),
    );
    upstream.enqueue(chunk('first '));
    await tick();
    expect(timers.due.length).toBe(1);
    await runWrites();
    expect(screen.getByText(/first/)).toBeTruthy();
    // Within the floor, new tokens wait for the floor instead of a write now.
    upstream.enqueue(chunk('second '));
    await tick();
    expect(timers.due.length).toBe(0);
    expect(timers.held.length).toBe(1);
    expect(screen.queryByText(/second/)).toBeNull();
    renderGapMs = 0;
  });
});
