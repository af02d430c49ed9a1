import 'server-only';
import { log } from '@/lib/server/log';
import { encodeSSE } from '@/lib/chat/events';
import { createReasoningClock, fieldsFromStream } from '@/lib/chat/from-stream';
import type { ChatError, ChatMessage, MessageStatus } from '@/lib/chat/types';
import { accumulate, finalStatus, initialStreamState, step } from '@/lib/openai/accumulate';
import { endStream } from '@/lib/openai/end-stream';
import { deltaChars } from '@/lib/openai/delta-size';
import { parseChunkEvent, readSSEBatches, SSEEventTooLargeError } from '@/lib/openai/sse';
import type { StreamState } from '@/lib/openai/accumulate';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { saveMessageProgress, updateMessage } from '@/lib/server/db/repository';
import {
  CONNECTION_LOST,
  mapUpstreamHttpError,
  STALLED,
  streamError,
  TIME_LIMIT,
  UNREACHABLE,
} from '@/lib/server/upstream/map-error';
import { readErrorBody } from '@/lib/server/upstream/read-error-body';
import { BodyTooLargeError } from '@/lib/server/upstream/bounded-body';
import { openUpstreamBody } from '@/lib/server/upstream/open-body';
import type { ChatCompletionRequest, Upstream } from '@/lib/server/upstream/types';
import { createChunkPacer } from './chunk-pacer';
import type { ClientSink } from './client-sink';
import { answerTooLong, bodyTooLarge, eventTooLarge } from './cut-errors';
import { stateAsChunk } from './state-as-chunk';
import { createThrottledWriter } from './throttled-writer';

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

type Patch = Parameters<typeof updateMessage>[2];

export interface StepResult {
  message: ChatMessage;
  /** Set when the step failed; already sent to the browser as an `error` event. */
  failure: ChatError | null;
}

/**
 * Runs one model call (one step of a turn) to its end, streaming it to the browser and saving it
 * as it goes; never throws. The caller decides what follows (tools, another step, `done`).
 */
export async function generate(o: GenerateOptions): Promise<StepResult> {
  const upstreamAbort = new AbortController();
  const onStop = () => upstreamAbort.abort(o.signal.reason);
  if (o.signal.aborted) onStop();
  else o.signal.addEventListener('abort', onStop, { once: true });

  // One timer for the whole stream that looks at the time of the last read when it fires
  // (re-arming a timer on every read costs more than the read's other bookkeeping).
  const idleMs = o.idleTimeoutMs ?? getConfig().limits.upstreamIdleMs;
  let lastRead = Date.now();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const watchIdle = (wait: number) => {
    idleTimer = setTimeout(() => {
      const quiet = Date.now() - lastRead;
      if (quiet >= idleMs) upstreamAbort.abort('idle');
      else watchIdle(idleMs - quiet);
    }, wait);
  };

  let state: StreamState = initialStreamState();
  let failure: ChatError | null = null;
  let failedBeforeStream = false;
  // Set when one of Parley's own caps stopped the answer; what arrived before stays.
  let cut: ChatError | null = null;
  const limits = getConfig().limits;
  let answerChars = 0;
  const clock = createReasoningClock();
  const pacer = createChunkPacer((frame) => o.sink.send(frame));

  const patch = (status: MessageStatus): Patch => {
    const fields = fieldsFromStream(state);
    return {
      ...fields,
      model: fields.model || o.request.model,
      reasoningMs: clock.value(status !== 'streaming'),
      status,
      error: status === 'streaming' ? null : failure,
    };
  };
  const writer = createThrottledWriter(
    async () => {
      await saveMessageProgress(o.db, o.assistant.id, patch('streaming'));
    },
    // Readers follow the answer through the live log (written every 250 ms); this copy is what
    // a crash of this instance leaves behind, and each write carries the whole text so far.
    o.persistIntervalMs ?? 1000,
    // The next write carries the whole text again; nothing is lost by one that failed.
    (error) => log.warn({ err: error }, 'saving a partial answer failed'),
  );

  const readStream = async (stream: ReadableStream<Uint8Array>) => {
    const reads = readSSEBatches(stream, upstreamAbort.signal, {
      maxEventBytes: limits.upstreamEventBytes,
    });
    // The chunks of one read are handled together, and sent on at most once per pacing window
    // (chunk-pacer.ts): a run of text is one encoding, one write and one log frame.
    for await (const batch of reads) {
      lastRead = Date.now();
      for (const message of batch) {
        const event = parseChunkEvent(message.data);
        if (event.type === 'chunk') {
          const next = step(state, event.chunk);
          state = next.state;
          pacer.push(next.normalized);
          answerChars += deltaChars(next.normalized);
          if (answerChars > limits.answerChars) {
            // An endless or oversized answer: stop reading (the loop's exit cancels the body).
            cut = answerTooLong(limits.answerChars);
            break;
          }
        } else if (event.type === 'done') {
          state = accumulate(state, event);
        }
      }
      pacer.flushSoon();
      clock.update(fieldsFromStream(state));
      writer.schedule();
      if (cut) break;
    }
  };

  try {
    watchIdle(idleMs);
    const call = (withUsage: boolean) =>
      o.upstream.chatCompletions(
        {
          ...o.request,
          stream: true,
          ...(withUsage ? { stream_options: { include_usage: true } } : {}),
        },
        upstreamAbort.signal,
      );
    let res: Response;
    try {
      res = await call(true);
      // Some servers reject `stream_options`; usage is a nicety, the answer is not.
      if (res.status === 400 || res.status === 422) {
        await res.body?.cancel();
        res = await call(false);
      }
    } catch (error) {
      failedBeforeStream = true;
      throw error;
    }

    if (!res.ok) {
      failedBeforeStream = true;
      const body = await readErrorBody(res);
      failure = mapUpstreamHttpError(
        { status: res.status, body, headers: res.headers, model: o.request.model },
        o.secrets,
      );
    } else {
      const opened = await openUpstreamBody(res, {
        maxBytes: limits.upstreamBodyBytes,
        model: o.request.model,
        secrets: o.secrets,
      });
      lastRead = Date.now();
      if (opened.kind === 'failure') failure = opened.error;
      else if (opened.kind === 'completion') {
        // A server that ignored `stream: true`: its one answer goes on as one chunk.
        state = opened.state;
        o.sink.send(encodeSSE(stateAsChunk(state)));
      } else await readStream(opened.body);
    }
  } catch (error) {
    const reason: unknown = upstreamAbort.signal.aborted ? upstreamAbort.signal.reason : null;
    if (error instanceof SSEEventTooLargeError) cut = eventTooLarge(error.maxEventBytes);
    else if (error instanceof BodyTooLargeError) cut = bodyTooLarge(error.maxBytes);
    else if (reason === 'stop') failure = null;
    else if (reason === 'deadline') failure = TIME_LIMIT;
    else if (reason === 'idle') failure = STALLED;
    else if (failedBeforeStream) failure = UNREACHABLE;
    else failure = CONNECTION_LOST;
    if (!reason && !cut)
      log.warn({ err: error, messageId: o.assistant.id }, 'upstream stream failed');
  } finally {
    clearTimeout(idleTimer);
    o.signal.removeEventListener('abort', onStop);
    // Whatever waits for its window goes before anything else this step sends.
    pacer.flush();
  }

  // However it ended, text held back by the think-block scan is given out (and saved).
  const end = endStream(state);
  state = end.state;
  if (end.normalized) {
    o.sink.send(encodeSSE(end.normalized));
    clock.update(fieldsFromStream(state));
  }

  if (state.error) failure = streamError(state.error, o.secrets);
  if (cut) {
    failure = cut;
    log.warn({ code: cut.code, messageId: o.assistant.id }, 'an answer was cut by a limit');
  }
  const ended = finalStatus(state);
  // The finish reason arrived before the connection went: the answer is whole.
  if (
    !cut &&
    ended === 'complete' &&
    !state.error &&
    (failure === CONNECTION_LOST || failure === STALLED)
  )
    failure = null;
  // A reset, stall or time limit is a failure (Retry, Continue), not a Stop: only Stop leaves
  // an answer 'interrupted' without an error (a limit's cut keeps its error, so it reads as a
  // failure too). A filter that cut the stream off without a finish_reason still ended the
  // answer on purpose.
  const status: MessageStatus = cut
    ? 'interrupted'
    : failure
      ? 'error'
      : ended === 'interrupted' && state.contentFiltered
        ? 'complete'
        : ended;
  const final = patch(status);

  await writer
    .finish(async () => {
      try {
        await updateMessage(o.db, o.assistant.id, final);
      } catch (error) {
        // One retry: losing the final state would leave the answer marked as streaming.
        log.error(
          { err: error, messageId: o.assistant.id },
          'saving the final answer failed, retrying',
        );
        await updateMessage(o.db, o.assistant.id, final);
      }
    })
    .catch((error) =>
      log.error({ err: error, messageId: o.assistant.id }, 'the final answer could not be saved'),
    );

  const message: ChatMessage = { ...o.assistant, ...final };
  if (failure) o.sink.send(encodeSSE({ error: failure }, 'error'));
  return { message, failure };
}
