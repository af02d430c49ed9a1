import 'server-only';
import { log } from '@/lib/server/log';
import { encodeSSE } from '@/lib/chat/events';
import { createReasoningClock, fieldsFromStream } from '@/lib/chat/from-stream';
import type { ChatError, ChatMessage, MessageStatus } from '@/lib/chat/types';
import { accumulate, initialStreamState, step } from '@/lib/openai/accumulate';
import { endStream } from '@/lib/openai/end-stream';
import { deltaChars } from '@/lib/openai/delta-size';
import { parseChunkEvent, readSSEBatches, type SSESource } from '@/lib/openai/sse';
import type { StreamState } from '@/lib/openai/accumulate';
import { getConfig } from '@/lib/server/config';
import type { Limits } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import {
  type MessagePatch,
  saveFinalAnswer,
  saveMessageProgress,
} from '@/lib/server/db/repository';
import { mapUpstreamHttpError } from '@/lib/server/upstream/map-error';
import { readErrorBody } from '@/lib/server/upstream/read-error-body';
import { openUpstreamBody } from '@/lib/server/upstream/open-body';
import type { ChatCompletionRequest, Upstream } from '@/lib/server/upstream/types';
import { type ChunkPacer, createChunkPacer } from './chunk-pacer';
import type { ClientSink } from './client-sink';
import { answerTooLong } from './cut-errors';
import { createIdleWatch, type IdleWatch } from './idle-watch';
import { stateAsChunk } from './state-as-chunk';
import { finalFailure, finalMessageStatus, outcomeOfThrow } from './step-outcome';
import { createThrottledWriter, type ThrottledWriter } from './throttled-writer';

export interface GenerateOptions {
  db: Db;
  upstream: Upstream;
  assistant: ChatMessage;
  request: Omit<ChatCompletionRequest, 'stream' | 'stream_options'>;
  sink: ClientSink;
  /** Aborted by Stop ('stop') or by the route's time limit ('deadline'). */
  signal: AbortSignal;
  /** Values that must never reach the browser, such as the API key. */
  secrets: readonly string[];
  idleTimeoutMs?: number;
  persistIntervalMs?: number;
}

type Patch = MessagePatch;

/**
 * How often the progress copy of an answer being written is saved. Readers follow the answer
 * through the live log (written every 250 ms, batches of new events only), and a lost turn is
 * recovered from that log (lib/server/live/settle.ts); this copy is what a page load shows until
 * the log's replay arrives, and what an instance's crash leaves if its log is gone too. Each write
 * carries the whole text so far, so the interval sets how far that cost grows with the answer's
 * length: every 5 s, a 32,000-token answer at 100 tokens/s rewrites its text 64 times, not 320
 * (and an answer finished within 5 s is written once, at its end).
 */
export const PROGRESS_INTERVAL_MS = 5000;

export interface StepResult {
  message: ChatMessage;
  /** Set when the step failed; already sent to the browser as an `error` event. */
  failure: ChatError | null;
}

/** One step in flight: what it has read so far and how it stands. */
interface Run {
  o: GenerateOptions;
  limits: Limits;
  /** Aborts the upstream call: on Stop or deadline (from `o.signal`) or when idle. */
  abort: AbortController;
  idle: IdleWatch;
  state: StreamState;
  failure: ChatError | null;
  failedBeforeStream: boolean;
  /** Set when one of Parley's own caps stopped the answer; what arrived before stays. */
  cut: ChatError | null;
  answerChars: number;
  clock: ReturnType<typeof createReasoningClock>;
  pacer: ChunkPacer;
  writer: ThrottledWriter;
}

/**
 * Runs one model call (one step of a turn) to its end, streaming it to the browser and saving it
 * as it goes; never throws. The caller decides what follows (tools, another step, `done`).
 */
export async function generate(o: GenerateOptions): Promise<StepResult> {
  const abort = new AbortController();
  const onStop = () => abort.abort(o.signal.reason);
  if (o.signal.aborted) onStop();
  else o.signal.addEventListener('abort', onStop, { once: true });
  const run = startRun(o, abort);

  try {
    run.idle.start();
    await callAndRead(run);
  } catch (error) {
    recordThrow(run, error);
  } finally {
    run.idle.stop();
    o.signal.removeEventListener('abort', onStop);
    // Whatever waits for its window goes before anything else this step sends.
    run.pacer.flush();
  }

  endRun(run);
  const final = patchOf(run, finalMessageStatus(run.state, run.failure, run.cut));
  await saveFinal(run, final);

  const message: ChatMessage = { ...o.assistant, ...final };
  if (run.failure) o.sink.send(encodeSSE({ error: run.failure }, 'error'));
  return { message, failure: run.failure };
}

function startRun(o: GenerateOptions, abort: AbortController): Run {
  const limits = getConfig().limits;
  const run: Run = {
    o,
    limits,
    abort,
    idle: createIdleWatch(o.idleTimeoutMs ?? limits.upstreamIdleMs, abort),
    state: initialStreamState(),
    failure: null,
    failedBeforeStream: false,
    cut: null,
    answerChars: 0,
    clock: createReasoningClock(),
    pacer: createChunkPacer((frame) => o.sink.send(frame)),
    writer: createThrottledWriter(
      async () => {
        await saveMessageProgress(o.db, o.assistant.id, patchOf(run, 'streaming'));
      },
      o.persistIntervalMs ?? PROGRESS_INTERVAL_MS,
      // The next write carries the whole text again; nothing is lost by one that failed.
      (error) => log.warn({ err: error }, 'saving a partial answer failed'),
      { firstAfterInterval: true },
    ),
  };
  return run;
}

/** The message's fields as the stream has them now, with the given status. */
function patchOf(run: Run, status: MessageStatus): Patch {
  const fields = fieldsFromStream(run.state);
  return {
    ...fields,
    model: fields.model || run.o.request.model,
    reasoningMs: run.clock.value(status !== 'streaming'),
    status,
    error: status === 'streaming' ? null : run.failure,
  };
}

/** The body of a streamed model call; with usage unless a server refused `stream_options`. */
export function streamedRequest(
  request: GenerateOptions['request'],
  withUsage = true,
): ChatCompletionRequest {
  return {
    ...request,
    stream: true,
    ...(withUsage ? { stream_options: { include_usage: true } } : {}),
  };
}

/** Calls the model, retrying once without `stream_options` for servers that reject it. */
async function callUpstream(run: Run): Promise<Response> {
  const call = (withUsage: boolean) =>
    run.o.upstream.chatCompletions(streamedRequest(run.o.request, withUsage), run.abort.signal);
  try {
    let res = await call(true);
    // Some servers reject `stream_options`; usage is a nicety, the answer is not.
    if (res.status === 400 || res.status === 422) {
      await res.body?.cancel();
      res = await call(false);
    }
    return res;
  } catch (error) {
    run.failedBeforeStream = true;
    throw error;
  }
}

async function callAndRead(run: Run): Promise<void> {
  const { o } = run;
  const res = await callUpstream(run);
  if (!res.ok) {
    run.failedBeforeStream = true;
    const body = await readErrorBody(res);
    run.failure = mapUpstreamHttpError(
      { status: res.status, body, headers: res.headers, model: o.request.model },
      o.secrets,
    );
    return;
  }
  const opened = await openUpstreamBody(res, {
    maxBytes: run.limits.upstreamBodyBytes,
    model: o.request.model,
    secrets: o.secrets,
  });
  run.idle.touch();
  if (opened.kind === 'failure') run.failure = opened.error;
  else if (opened.kind === 'completion') {
    // A server that ignored `stream: true`: its one answer goes on as one chunk.
    run.state = opened.state;
    o.sink.send(encodeSSE(stateAsChunk(run.state)));
  } else await readStream(run, opened.source);
}

async function readStream(run: Run, source: SSESource): Promise<void> {
  const reads = readSSEBatches(source, run.abort.signal, {
    maxEventBytes: run.limits.upstreamEventBytes,
  });
  // The chunks of one read are handled together, and sent on at most once per pacing window
  // (chunk-pacer.ts): a run of text is one encoding, one write and one log frame.
  for await (const batch of reads) {
    run.idle.touch();
    for (const message of batch) {
      const event = parseChunkEvent(message.data);
      if (event.type === 'chunk') {
        const next = step(run.state, event.chunk);
        run.state = next.state;
        run.pacer.push(next.normalized);
        run.answerChars += deltaChars(next.normalized);
        if (run.answerChars > run.limits.answerChars) {
          // An endless or oversized answer: stop reading (the loop's exit cancels the body).
          run.cut = answerTooLong(run.limits.answerChars);
          break;
        }
      } else if (event.type === 'done') {
        run.state = accumulate(run.state, event);
      }
    }
    run.pacer.flushSoon();
    run.clock.update(fieldsFromStream(run.state));
    run.writer.schedule();
    if (run.cut) break;
  }
}

function recordThrow(run: Run, error: unknown): void {
  const reason: unknown = run.abort.signal.aborted ? run.abort.signal.reason : null;
  const outcome = outcomeOfThrow(error, reason, run.failedBeforeStream);
  if (outcome.cut) run.cut = outcome.cut;
  else run.failure = outcome.failure;
  if (!reason && !run.cut)
    log.warn({ err: error, messageId: run.o.assistant.id }, 'upstream stream failed');
}

/** However the step ended: give out what the think-block scan held back, settle the error. */
function endRun(run: Run): void {
  const end = endStream(run.state);
  run.state = end.state;
  if (end.normalized) {
    run.o.sink.send(encodeSSE(end.normalized));
    run.clock.update(fieldsFromStream(run.state));
  }
  run.failure = finalFailure(run.state, run, run.o.secrets);
  if (run.cut)
    log.warn({ code: run.cut.code, messageId: run.o.assistant.id }, 'an answer was cut by a limit');
}

async function saveFinal(run: Run, final: Patch): Promise<void> {
  const { db, assistant } = run.o;
  await run.writer
    .finish(async () => {
      // With its usage in the day's roll-up (the admin page), in the same transaction.
      try {
        await saveFinalAnswer(db, assistant.id, final);
      } catch (error) {
        // One retry: losing the final state would leave the answer marked as streaming.
        log.error(
          { err: error, messageId: assistant.id },
          'saving the final answer failed, retrying',
        );
        await saveFinalAnswer(db, assistant.id, final);
      }
    })
    .catch((error) =>
      log.error({ err: error, messageId: assistant.id }, 'the final answer could not be saved'),
    );
}
