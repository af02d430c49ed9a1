import type { TurnEvent } from '@/lib/chat/events';
import { createReasoningClock, fieldsFromStream } from '@/lib/chat/from-stream';
import type { ChatError, ChatMessage, Conversation } from '@/lib/chat/types';
import { initialStreamState, type StreamState, step } from '@/lib/openai/accumulate';
import { conversationStore } from './conversation-store';
import { afterMs } from './flush-timer';
import type { ResumeInput, StartInput, TurnHooks, TurnOutcome, TurnStore } from './turn-types';
import { readTurn, requestStop, resumeUrl, TurnRefused, type TurnRequest } from './turn-stream';

export { requestStop, resumeUrl } from './turn-stream';
export type { FinishedTurn, ResumeInput, StartInput, TurnHooks, TurnOutcome } from './turn-types';

// The live turn's engine: reads the app's SSE, folds the chunks with the same accumulator the
// server uses, and writes the store at most every `minRenderGapMs`, in a task of its own
// (flush-timer.ts). React, the Query cache and the router stay outside: the component hook
// gets the finished turn through `onFinished` and an outcome when the stream is over.

export interface StreamDriverOptions {
  /** Least time between two store writes of the streaming answer (see useChatTurn). */
  minRenderGapMs?: number;
  /** Where the live turn is kept: the conversation's one live turn unless given (a column). */
  store?: TurnStore;
}

/**
 * The wait for the floor ends this much early: a timer fires a little late, and 50 ms that became
 * 51 would be under 20 updates a second.
 */
const TIMER_LEAD_MS = 2;

// The server sends normalized chunks: a think block already arrives as reasoning.
const fresh = () => initialStreamState({ thinkTags: false });

const UNREACHABLE: ChatError = {
  code: 'network',
  message: 'Could not reach the Parley server. Check your connection and try again.',
  retryable: true,
};

/** The stream's end without `done`, or a dropped connection: who owns the turn now. */
function settleUnfinished(store: TurnStore, conversationId: string | null): TurnOutcome {
  const actions = store.actions();
  // The server still owns a turn it has started; it keeps generating and saving.
  if (conversationId) {
    actions.turnEnded();
    return { kind: 'detached', conversationId };
  }
  actions.sendFailed(UNREACHABLE);
  return { kind: 'refused', error: UNREACHABLE };
}

export class StreamDriver {
  private readonly minRenderGapMs: number;
  private readonly store: TurnStore;
  private controller: AbortController | null = null;
  private hooks: TurnHooks = {};
  // The accumulator of the message the chunks build now (null between steps).
  private base: ChatMessage | null = null;
  private state: StreamState = fresh();
  private clock = createReasoningClock();
  private conversationId: string | null = null;
  private conversation: Conversation | null = null;
  private newVersionId: string | null = null;
  private seq: string | undefined;
  private finished = false;
  // Requests whose screen left (detach) before the server's `start`: each is read on until
  // then, so it is not cut off before the server has saved the message, and touches nothing.
  private readonly leftBehind = new WeakSet<AbortController>();
  // Following a turn another request started: its saved user message is already on screen.
  private resuming = false;
  // The write asked for and not yet run (0: none); a newer ticket or 0 cancels it.
  private pending = 0;
  private tickets = 0;
  private lastFlush = Number.NEGATIVE_INFINITY;

  constructor({ minRenderGapMs = 50, store = conversationStore }: StreamDriverOptions = {}) {
    this.minRenderGapMs = minRenderGapMs;
    this.store = store;
  }

  private flush(ticket: number) {
    if (ticket !== this.pending) return;
    this.pending = 0;
    this.lastFlush = performance.now();
    const base = this.base;
    if (!base || this.finished) return;
    const fields = fieldsFromStream(this.state);
    this.clock.update(fields);
    this.store.actions().upsert({
      ...base,
      ...fields,
      model: fields.model ?? base.model,
      reasoningMs: this.clock.value(),
    });
  }

  private scheduleFlush() {
    if (this.pending) return;
    const ticket = ++this.tickets;
    this.pending = ticket;
    afterMs(
      () => this.flush(ticket),
      this.lastFlush + this.minRenderGapMs - TIMER_LEAD_MS - performance.now(),
    );
  }

  private follow(message: ChatMessage) {
    this.base = message;
    this.state = fresh();
    this.clock = createReasoningClock();
    this.store.actions().upsert(message);
  }

  private started(event: Extract<TurnEvent, { type: 'start' }>) {
    this.conversationId = event.conversationId;
    this.conversation = event.conversation ?? null;
    const live = this.store.get().live;
    this.newVersionId = live?.replaces
      ? (event.userMessage?.id ?? event.assistantMessage.id)
      : null;
    this.store
      .actions()
      .turnStarted(
        event.conversationId,
        this.resuming ? null : (event.userMessage ?? live?.userMessage ?? null),
      );
    this.hooks.onStarted?.(event.conversationId);
    this.follow(event.assistantMessage);
    if (this.store.get().live?.stopRequested) void requestStop(event.assistantMessage.id);
  }

  private done(event: Extract<TurnEvent, { type: 'done' }>) {
    this.finished = true;
    this.pending = 0;
    const live = this.store.get().live;
    if (this.conversationId) {
      this.hooks.onFinished?.({
        conversationId: this.conversationId,
        conversation: this.conversation,
        saved: event.messages,
        replaces: live?.replaces ?? null,
        newVersionId: this.newVersionId,
      });
    }
    this.store.actions().turnEnded();
  }

  /** Applies one event of the turn's stream to the live store. */
  apply(event: TurnEvent): void {
    if (this.finished) return;
    switch (event.type) {
      case 'start':
        this.started(event);
        return;
      case 'step':
        this.follow(event.assistantMessage);
        return;
      case 'chunk':
        this.state = step(this.state, event.chunk).state;
        this.scheduleFlush();
        return;
      case 'message':
        // A finished step arrives as saved; later chunks belong to the next step.
        if (event.message.id === this.base?.id) this.base = null;
        this.store.actions().upsert(event.message);
        return;
      case 'error':
        // Errors also arrive on the saved messages.
        return;
      case 'done':
        this.done(event);
        return;
    }
  }

  private reset(next: TurnHooks, id: string | null) {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.hooks = next;
    this.base = null;
    this.state = fresh();
    this.clock = createReasoningClock();
    this.conversationId = id;
    this.conversation = null;
    this.newVersionId = null;
    this.seq = undefined;
    this.finished = false;
    this.resuming = false;
    this.pending = 0;
    return controller;
  }

  private async run(request: TurnRequest, own: AbortController): Promise<TurnOutcome> {
    const gone = () => own.signal.aborted || this.leftBehind.has(own);
    try {
      await readTurn(
        request,
        (event, id) => {
          if (own.signal.aborted) return;
          if (this.leftBehind.has(own)) {
            if (event.type === 'start') own.abort();
            return;
          }
          if (id !== undefined) this.seq = id;
          this.apply(event);
        },
        own.signal,
      );
      if (gone()) return { kind: 'aborted' };
      if (this.finished && this.conversationId)
        return { kind: 'done', conversationId: this.conversationId };
      // The stream ended without `done`: the server still owns the turn.
      this.finished = true;
      return settleUnfinished(this.store, this.conversationId);
    } catch (error) {
      if (gone()) return { kind: 'aborted' };
      this.finished = true;
      if (error instanceof TurnRefused) {
        const refused = {
          code: error.code,
          message: error.message,
          retryable: error.status >= 500,
        };
        this.store.actions().sendFailed(refused);
        return { kind: 'refused', error: refused };
      }
      // The connection to Parley dropped mid-answer.
      return settleUnfinished(this.store, this.conversationId);
    } finally {
      if (this.controller === own) this.controller = null;
    }
  }

  /** Sends a turn (a message, a retry, an edit, a tool decision) and streams its answer. */
  start(input: StartInput): Promise<TurnOutcome> {
    const own = this.reset(input, null);
    this.store.actions().turnBegan(input.userMessage, input.turn ?? [], input.replaces ?? null);
    return this.run({ url: input.url, body: input.body }, own);
  }

  /**
   * Follows an answer another request is writing (after a reload, or when the connection
   * dropped): its events after `afterSeq` fold onto the saved message, live as if sent here.
   */
  resume(input: ResumeInput): Promise<TurnOutcome> {
    const own = this.reset(input, input.conversationId);
    this.resuming = true;
    const afterSeq = input.afterSeq ?? 0;
    const turn = input.turn ?? [];
    this.store.actions().turnBegan(null, turn, null);
    this.store.actions().turnStarted(input.conversationId, null);
    const answer = turn.find((m) => m.id === input.messageId);
    if (answer) this.base = answer;
    return this.run(
      {
        url: input.url ?? resumeUrl(input.conversationId, afterSeq, input.generationId),
        lastEventId: String(afterSeq),
      },
      own,
    );
  }

  /** Stop: asks the server to end the live answer; the stream's `done` settles the screen. */
  stop(): void {
    const live = this.store.get().live;
    if (!live || live.stopRequested) return;
    this.store.actions().stopRequested();
    const current = live.messages.findLast((m) => m.role === 'assistant');
    // Before `start` there is no id yet; the start event sends the stop then.
    if (current) void requestStop(current.id);
  }

  /** Stops reading (the page is leaving); the server finishes and saves the answer anyway. */
  detach(): void {
    // After `start` the server owns the turn; before it, cutting the request off could lose
    // the message, so the stream is read (and ignored) until then.
    if (this.controller && !this.conversationId && !this.resuming)
      this.leftBehind.add(this.controller);
    else this.controller?.abort();
    this.controller = null;
    this.finished = true;
    if (this.store.get().live) this.store.actions().turnEnded();
  }

  /** The last SSE id seen: where a resume after a dropped connection picks up. */
  lastSeq(): string | undefined {
    return this.seq;
  }
}

export function createStreamDriver(options: StreamDriverOptions = {}): StreamDriver {
  return new StreamDriver(options);
}
