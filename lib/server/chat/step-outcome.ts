import 'server-only';
import type { ChatError, MessageStatus } from '@/lib/chat/types';
import { finalStatus } from '@/lib/openai/accumulate';
import type { StreamState } from '@/lib/openai/accumulate';
import { SSEEventTooLargeError } from '@/lib/openai/sse';
import { BodyTooLargeError } from '@/lib/server/upstream/bounded-body';
import {
  CONNECTION_LOST,
  STALLED,
  streamError,
  TIME_LIMIT,
  UNREACHABLE,
} from '@/lib/server/upstream/map-error';
import { bodyTooLarge, eventTooLarge } from './cut-errors';

/** How a step stands: the error to report, and the cap that stopped it, if any. */
export interface Outcome {
  failure: ChatError | null;
  /** Set when one of Parley's own caps stopped the answer; what arrived before stays. */
  cut: ChatError | null;
}

/**
 * What a throw while calling or reading the upstream means, given why (if at all) the upstream
 * call was aborted and whether the stream had started.
 */
export function outcomeOfThrow(
  error: unknown,
  reason: unknown,
  failedBeforeStream: boolean,
): Outcome {
  if (error instanceof SSEEventTooLargeError)
    return { failure: null, cut: eventTooLarge(error.maxEventBytes) };
  if (error instanceof BodyTooLargeError)
    return { failure: null, cut: bodyTooLarge(error.maxBytes) };
  if (reason === 'stop') return { failure: null, cut: null };
  if (reason === 'deadline') return { failure: TIME_LIMIT, cut: null };
  if (reason === 'idle') return { failure: STALLED, cut: null };
  return { failure: failedBeforeStream ? UNREACHABLE : CONNECTION_LOST, cut: null };
}

/** The error the step ends with, once the stream's own state is known. */
export function finalFailure(
  state: StreamState,
  { failure, cut }: Outcome,
  secrets: readonly string[],
): ChatError | null {
  let result = failure;
  if (state.error) result = streamError(state.error, secrets);
  if (cut) return cut;
  // The finish reason arrived before the connection went: the answer is whole.
  if (
    finalStatus(state) === 'complete' &&
    !state.error &&
    (result === CONNECTION_LOST || result === STALLED)
  )
    return null;
  return result;
}

/**
 * A reset, stall or time limit is a failure (Retry, Continue), not a Stop: only Stop leaves
 * an answer 'interrupted' without an error (a limit's cut keeps its error, so it reads as a
 * failure too). A filter that cut the stream off without a finish_reason still ended the
 * answer on purpose.
 */
export function finalMessageStatus(
  state: StreamState,
  failure: ChatError | null,
  cut: ChatError | null,
): MessageStatus {
  const ended = finalStatus(state);
  if (cut) return 'interrupted';
  if (failure) return 'error';
  if (ended === 'interrupted' && state.contentFiltered) return 'complete';
  return ended;
}
