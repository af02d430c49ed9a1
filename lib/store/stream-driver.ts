import type { TurnEvent } from '@/lib/chat/events';
import { createReasoningClock, fieldsFromStream } from '@/lib/chat/from-stream';
import type { ChatError, ChatMessage, Conversation } from '@/lib/chat/types';
import { initialStreamState, type StreamState, step } from '@/lib/openai/accumulate';
import { conversationStore } from './conversation-store';
import type { ResumeInput, StartInput, TurnHooks, TurnOutcome, TurnStore } from './turn-types';
import { readTurn, requestStop, resumeUrl, TurnRefused, type TurnRequest } from './turn-stream';

export { requestStop, resumeUrl } from './turn-stream';
export type { FinishedTurn, ResumeInput, StartInput, TurnHooks, TurnOutcome } from './turn-types';

// The live turn's engine: reads the app's SSE, folds the chunks with the same accumulator the
// server uses, and writes the store at most once per animation frame (and at most every
// `minRenderGapMs`). React, the Query cache and the router stay outside: the component hook
// gets the finished turn through `onFinished` and an outcome when the stream is over.

export interface StreamDriverOptions {
  /** Least time between two store writes of the streaming answer (see useChatTurn). */
  minRenderGapMs?: number;
  /** Where the live turn is kept: the conversation's one live turn unless given (a column). */
  store?: TurnStore;
}

const frame = (cb: () => void): unknown =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16);

const UNREACHABLE: ChatError = {
  code: 'network',
  message: 'Could not reach the Parley server. Check your connection and try again.',
  retryable: true,
};

export function createStreamDriver({
  minRenderGapMs = 50,
  store = conversationStore,
}: StreamDriverOptions = {}) {
  let controller: AbortController | null = null;
  let hooks: TurnHooks = {};
  // The accumulator of the message the chunks build now (null between steps).
  let base: ChatMessage | null = null;
  // The server sends normalized chunks: a think block already arrives as reasoning.
  const fresh = () => initialStreamState({ thinkTags: false });
  let state: StreamState = fresh();
  let clock = createReasoningClock();
  let conversationId: string | null = null;
  let conversation: Conversation | null = null;
  let newVersionId: string | null = null;
  let lastSeq: string | undefined;
  let finished = false;
  // Requests whose screen left (detach) before the server's `start`: each is read on until
  // then, so it is not cut off before the server has saved the message, and touches nothing.
  const leftBehind = new WeakSet<AbortController>();
  // Following a turn another request started: its saved user message is already on screen.
  let resuming = false;
  // The frame asked for and not yet run (0: none); a newer ticket or 0 cancels it.
  let pending = 0;
  let tickets = 0;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const flush = (ticket: number) => {
    if (ticket !== pending) return;
    pending = 0;
    lastFlush = performance.now();
    if (!base || finished) return;
    const fields = fieldsFromStream(state);
    clock.update(fields);
    store.actions().upsert({
      ...base,
      ...fields,
      model: fields.model ?? base.model,
      reasoningMs: clock.value(),
    });
  };
  const scheduleFlush = () => {
    if (pending) return;
    const ticket = ++tickets;
    pending = ticket;
    const wait = lastFlush + minRenderGapMs - performance.now();
    if (wait <= 0) frame(() => flush(ticket));
    else setTimeout(() => frame(() => flush(ticket)), wait);
  };
  const follow = (message: ChatMessage) => {
    base = message;
    state = fresh();
    clock = createReasoningClock();
    store.actions().upsert(message);
  };

  /** Applies one event of the turn's stream to the live store. */
  function apply(event: TurnEvent): void {
    if (finished) return;
    const actions = store.actions();
    switch (event.type) {
      case 'start': {
        conversationId = event.conversationId;
        conversation = event.conversation ?? null;
        const live = store.get().live;
        newVersionId = live?.replaces ? (event.userMessage?.id ?? event.assistantMessage.id) : null;
        actions.turnStarted(
          event.conversationId,
          resuming ? null : (event.userMessage ?? live?.userMessage ?? null),
        );
        hooks.onStarted?.(event.conversationId);
        follow(event.assistantMessage);
        if (store.get().live?.stopRequested) void requestStop(event.assistantMessage.id);
        return;
      }
      case 'step':
        follow(event.assistantMessage);
        return;
      case 'chunk':
        state = step(state, event.chunk).state;
        scheduleFlush();
        return;
      case 'message':
        // A finished step arrives as saved; later chunks belong to the next step.
        if (event.message.id === base?.id) base = null;
        actions.upsert(event.message);
        return;
      case 'error':
        // Errors also arrive on the saved messages.
        return;
      case 'done': {
        finished = true;
        pending = 0;
        const live = store.get().live;
        if (conversationId) {
          hooks.onFinished?.({
            conversationId,
            conversation,
            saved: event.messages,
            replaces: live?.replaces ?? null,
            newVersionId,
          });
        }
        actions.turnEnded();
        return;
      }
    }
  }

  function reset(next: TurnHooks, id: string | null) {
    controller?.abort();
    controller = new AbortController();
    hooks = next;
    base = null;
    state = fresh();
    clock = createReasoningClock();
    conversationId = id;
    conversation = null;
    newVersionId = null;
    lastSeq = undefined;
    finished = false;
    resuming = false;
    pending = 0;
    return controller;
  }

  async function run(request: TurnRequest, own: AbortController): Promise<TurnOutcome> {
    const actions = store.actions();
    try {
      await readTurn(
        request,
        (event, id) => {
          if (own.signal.aborted) return;
          if (leftBehind.has(own)) {
            if (event.type === 'start') own.abort();
            return;
          }
          if (id !== undefined) lastSeq = id;
          apply(event);
        },
        own.signal,
      );
      if (own.signal.aborted || leftBehind.has(own)) return { kind: 'aborted' };
      if (finished && conversationId) return { kind: 'done', conversationId };
      // The stream ended without `done`: the server still owns the turn.
      finished = true;
      if (conversationId) {
        actions.turnEnded();
        return { kind: 'detached', conversationId };
      }
      actions.sendFailed(UNREACHABLE);
      return { kind: 'refused', error: UNREACHABLE };
    } catch (error) {
      if (own.signal.aborted || leftBehind.has(own)) return { kind: 'aborted' };
      finished = true;
      if (error instanceof TurnRefused) {
        const refused = {
          code: error.code,
          message: error.message,
          retryable: error.status >= 500,
        };
        actions.sendFailed(refused);
        return { kind: 'refused', error: refused };
      }
      // The connection to Parley dropped mid-answer; the server keeps generating and saving.
      if (conversationId) {
        actions.turnEnded();
        return { kind: 'detached', conversationId };
      }
      actions.sendFailed(UNREACHABLE);
      return { kind: 'refused', error: UNREACHABLE };
    } finally {
      if (controller === own) controller = null;
    }
  }

  return {
    apply,

    /** Sends a turn (a message, a retry, an edit, a tool decision) and streams its answer. */
    start(input: StartInput): Promise<TurnOutcome> {
      const own = reset(input, null);
      store.actions().turnBegan(input.userMessage, input.turn ?? [], input.replaces ?? null);
      return run({ url: input.url, body: input.body }, own);
    },

    /**
     * Follows an answer another request is writing (after a reload, or when the connection
     * dropped): its events after `afterSeq` fold onto the saved message, live as if sent here.
     */
    resume(input: ResumeInput): Promise<TurnOutcome> {
      const own = reset(input, input.conversationId);
      resuming = true;
      const afterSeq = input.afterSeq ?? 0;
      const turn = input.turn ?? [];
      store.actions().turnBegan(null, turn, null);
      store.actions().turnStarted(input.conversationId, null);
      const answer = turn.find((m) => m.id === input.messageId);
      if (answer) base = answer;
      return run(
        {
          url: input.url ?? resumeUrl(input.conversationId, afterSeq, input.generationId),
          lastEventId: String(afterSeq),
        },
        own,
      );
    },

    /** Stop: asks the server to end the live answer; the stream's `done` settles the screen. */
    stop(): void {
      const live = store.get().live;
      if (!live || live.stopRequested) return;
      store.actions().stopRequested();
      const current = live.messages.findLast((m) => m.role === 'assistant');
      // Before `start` there is no id yet; the start event sends the stop then.
      if (current) void requestStop(current.id);
    },

    /** Stops reading (the page is leaving); the server finishes and saves the answer anyway. */
    detach(): void {
      // After `start` the server owns the turn; before it, cutting the request off could lose
      // the message, so the stream is read (and ignored) until then.
      if (controller && !conversationId && !resuming) leftBehind.add(controller);
      else controller?.abort();
      controller = null;
      finished = true;
      if (store.get().live) store.actions().turnEnded();
    },

    /** The last SSE id seen: where a resume after a dropped connection picks up. */
    lastSeq: () => lastSeq,
  };
}

export type StreamDriver = ReturnType<typeof createStreamDriver>;
