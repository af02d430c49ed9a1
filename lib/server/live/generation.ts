import 'server-only';
import { log } from '@/lib/server/log';
import { type ClientSink, createClientSink } from '@/lib/server/chat/client-sink';
import { createThrottledWriter } from '@/lib/server/chat/throttled-writer';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import {
  type EventBatch,
  finishGeneration,
  insertGenerations,
  renewGeneration,
} from '@/lib/server/db/repository';
import { AppError } from '@/lib/server/errors';
import { isListening, subscribe } from './bus';
import { settleLostGenerations } from './settle';

// A turn being written, as the instance writing it sees it. Its state lives in the database
// (`generations`): a lease renewed by this instance's heartbeat, a Stop flag any instance may set,
// and the numbered event log any instance may replay. Nothing here is the source of truth.

export type StopReason = 'stop' | 'deadline' | 'lost';

export interface LiveGeneration {
  readonly id: string;
  /** Aborted by Stop (from any instance), the time limit, or losing the lease. */
  readonly signal: AbortSignal;
  abort(reason: StopReason): void;
  /** The browser's end: every frame sent here is numbered (`id:`) and appended to the log. */
  readonly sink: ClientSink;
  /**
   * Saves the end of the turn: the log is compacted to its last `done` frame and the turn marked
   * finished, which releases anyone waiting on it (a Stop request, a resumed stream).
   */
  finish(outcome?: 'done' | 'failed'): Promise<void>;
  /** Database writes so far (heartbeats and log batches, plus the final one). */
  readonly writes: number;
}

export interface LiveTiming {
  leaseMs: number;
  /** Log batches are written at most this often. */
  flushMs: number;
  /** Heartbeat (lease renewal, and the Stop check when notifications are unavailable). */
  heartbeatMs: number;
}

/** The lease outlives several heartbeats; without LISTEN the heartbeat doubles as Stop polling. */
export async function liveTiming(leaseMs = getConfig().liveLeaseMs): Promise<LiveTiming> {
  const quarter = Math.max(100, Math.floor(leaseMs / 4));
  return {
    leaseMs,
    flushMs: 250,
    heartbeatMs: (await isListening()) ? quarter : Math.min(500, quarter),
  };
}

const decoder = new TextDecoder();

/** Who a claimed turn is: the answer it writes first, and the comparison it belongs to. */
export interface GenerationPlace {
  /** The answer's id, chosen before it is saved (the turn is claimed first). */
  messageId?: string;
  /** Joins (or starts) this comparison; its columns are live together. */
  comparison?: { id: string; slot: number };
}

const BUSY = 'An answer is still being written in this conversation. Stop it first.';

/**
 * Claims the conversation for a new turn (settling a previous one whose instance vanished).
 * Throws a conflict while another turn is live in it; a comparison's column may join the other
 * columns of its comparison (a Retry while they are still being written).
 */
export async function beginGeneration(
  db: Db,
  conversationId: string,
  options: {
    inner?: ClientSink;
    timing?: LiveTiming;
    /**
     * true: the caller settled lost turns of this conversation just before (or it is new).
     * 'unless-refused': the caller saw no answer being written; lost turns are settled only when
     * one still holds the conversation (the claim is refused), then it is claimed again.
     */
    settled?: boolean | 'unless-refused';
    /** Lock slot: 0 starts a new live group; a column joining a live comparison takes its own. */
    slot?: number;
  } & GenerationPlace = {},
): Promise<LiveGeneration> {
  const timing = options.timing ?? (await liveTiming());
  if (!options.settled) await settleLostGenerations(db, { conversationId });
  const id = crypto.randomUUID();
  const claim = () =>
    insertGenerations(db, {
      conversationId,
      leaseMs: timing.leaseMs,
      comparisonId: options.comparison?.id ?? null,
      claims: [{ id, messageId: options.messageId ?? null, slot: options.slot ?? 0 }],
    });
  let claimed = await claim();
  // A turn lost with no answer left streaming (its instance vanished before the answer was saved,
  // or after it was finished) still holds the conversation until it is settled.
  if (!claimed && options.settled === 'unless-refused') {
    await settleLostGenerations(db, { conversationId });
    claimed = await claim();
  }
  if (!claimed) throw new AppError('conflict', BUSY);
  return liveGeneration(db, id, timing, options.inner);
}

/**
 * Claims the conversation for a comparison: one turn per answer, all live together, in one
 * statement (none is claimed unless all are). Returned in the order of `messageIds`.
 */
export async function beginComparison(
  db: Db,
  conversationId: string,
  options: { comparisonId: string; messageIds: string[]; timing?: LiveTiming },
): Promise<LiveGeneration[]> {
  const timing = options.timing ?? (await liveTiming());
  const claims = options.messageIds.map((messageId, slot) => ({
    id: crypto.randomUUID(),
    messageId,
    slot,
  }));
  const claimed = await insertGenerations(db, {
    conversationId,
    leaseMs: timing.leaseMs,
    comparisonId: options.comparisonId,
    claims,
  });
  if (!claimed) throw new AppError('conflict', BUSY);
  return Promise.all(claims.map((c) => liveGeneration(db, c.id, timing)));
}

/**
 * The writing instance's side of a claimed turn: its heartbeat, log, Stop and end. Exported for
 * a turn claimed by the statement that saved it (repository/first-turn.ts).
 */
export async function liveGeneration(
  db: Db,
  id: string,
  timing: LiveTiming,
  innerSink?: ClientSink,
): Promise<LiveGeneration> {
  const inner = innerSink ?? createClientSink();
  const controller = new AbortController();
  const abort = (reason: StopReason) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };

  let seq = 0;
  let logged = 0;
  let pending: string[] = [];
  let doneFrame: string | null = null;

  const writer = createThrottledWriter(
    async () => {
      const frames = pending;
      pending = [];
      const batch: EventBatch | null = frames.length > 0 ? { firstSeq: logged + 1, frames } : null;
      try {
        const state = await renewGeneration(db, { id, leaseMs: timing.leaseMs, batch });
        logged += frames.length;
        if (state.stopRequested) abort('stop');
        else if (!state.alive) abort('lost');
      } catch (error) {
        // Kept for the next write: the log must have no gaps.
        pending = [...frames, ...pending];
        throw error;
      }
    },
    timing.flushMs,
    (error) => log.error({ err: error }, 'saving a live answer’s progress failed'),
    // Not at the first event: the turn's `start` would otherwise be written just as the model's
    // first token arrives, and an answer finished within the interval needs only the final write.
    { firstAfterInterval: true },
  );

  const heartbeat = setInterval(() => writer.schedule(), timing.heartbeatMs);
  const unsubscribe = await subscribe(`stop:${id}`, () => abort('stop'));

  const sink: ClientSink = {
    stream: inner.stream,
    send(bytes) {
      const frame = typeof bytes === 'string' ? bytes : decoder.decode(bytes);
      seq++;
      if (frame.startsWith('event: done\n')) doneFrame = frame;
      pending.push(frame);
      inner.send(`id: ${seq}\n${frame}`);
      writer.schedule();
    },
    close: () => inner.close(),
    get detached() {
      return inner.detached;
    },
  };

  let finishing: Promise<void> | null = null;
  return {
    id,
    signal: controller.signal,
    abort,
    sink,
    finish(outcome = 'done') {
      finishing ??= (async () => {
        clearInterval(heartbeat);
        unsubscribe();
        await writer.finish(async () => {
          const frames = pending;
          pending = [];
          const batch = frames.length > 0 ? { firstSeq: logged + 1, frames } : null;
          await finishGeneration(db, { id, outcome, batch, doneEvent: doneFrame });
          logged += frames.length;
        });
      })();
      return finishing;
    },
    get writes() {
      return writer.writes;
    },
  };
}
