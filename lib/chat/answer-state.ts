import type { ChatError, MessageStatus } from './types';

// How an answer ended, as the reader is told: one state, one sentence, the actions that make
// sense. Pure, and the only place that maps stored fields to what the screen says.

export type AnswerState =
  | 'streaming'
  | 'complete'
  /** The user pressed Stop. */
  | 'stopped'
  /** Provider error, reset, stall, time limit, or a server that went away mid-answer. */
  | 'failed'
  /** The length limit cut it. */
  | 'truncated'
  /** The provider's content filter stopped it. */
  | 'filtered';

export interface AnswerFields {
  status: MessageStatus;
  finishReason: string | null;
  error: ChatError | null;
}

export function answerState({ status, finishReason, error }: AnswerFields): AnswerState {
  if (status === 'streaming') return 'streaming';
  if (status === 'error') return 'failed';
  // Stop saves 'interrupted' with no error; recovery after a crash adds one.
  if (status === 'interrupted') return error ? 'failed' : 'stopped';
  if (finishReason === 'length') return 'truncated';
  if (finishReason === 'content_filter') return 'filtered';
  return 'complete';
}

/** The one sentence shown for a state; null when nothing needs saying. */
export function answerSentence(state: AnswerState, error: ChatError | null = null): string | null {
  switch (state) {
    case 'stopped':
      return 'Stopped: you ended this answer before it was finished.';
    case 'failed':
      return error?.message || 'Something went wrong before the answer was finished.';
    case 'truncated':
      return 'The answer was cut off at the length limit.';
    case 'filtered':
      return 'The answer was stopped by the provider’s content filter.';
    default:
      return null;
  }
}

export interface AnswerActions {
  /** Ask again from the same question. */
  retry: boolean;
  /** Ask the model to carry on from what it already wrote. */
  continue: boolean;
}

export function answerActions(
  state: AnswerState,
  o: { error: ChatError | null; hasContent: boolean },
): AnswerActions {
  if (state === 'truncated') return { retry: false, continue: true };
  if (state !== 'failed') return { retry: false, continue: false };
  const retryable = o.error?.retryable ?? true;
  return { retry: retryable, continue: retryable && o.hasContent };
}
