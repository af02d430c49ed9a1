'use client';

import { WAITING_CARET_CLASS } from '@/components/chat/markdown/streaming-caret';
import { answerActions, answerSentence, answerState } from '@/lib/chat/answer-state';
import type { ChatError, MessageStatus } from '@/lib/chat/types';

const actionClass =
  'rounded-md border px-2.5 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 dark:focus-visible:ring-offset-zinc-950';

/**
 * The blinking block shown while an answer streams. Markdown draws the same caret after the last
 * word; this standalone one covers the wait before any text arrives.
 */
export function StreamingCaret() {
  return <span aria-hidden="true" data-streaming-caret="" className={WAITING_CARET_CLASS} />;
}

const TONE = {
  note: 'border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400',
  alert:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800/70 dark:bg-red-950/40 dark:text-red-100',
};
const BUTTON = {
  note: `${actionClass} border-zinc-300 text-zinc-800 hover:bg-zinc-100 focus-visible:ring-zinc-500 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800`,
  alert: `${actionClass} border-red-300 text-red-900 hover:bg-red-100 focus-visible:ring-red-500 dark:border-red-700 dark:text-red-100 dark:hover:bg-red-900/50`,
};

export interface MessageStatusNoticesProps {
  status: MessageStatus;
  finishReason: string | null;
  error: ChatError | null;
  /** Whether the answer has text a Continue could build on. */
  hasContent?: boolean;
  onRetry?: () => void;
  onContinue?: () => void;
}

/**
 * How the answer ended, in one sentence (lib/chat/answer-state.ts), with Retry and Continue
 * where they make sense. Nothing while streaming or after a normal finish.
 */
export function MessageStatusNotices({
  status,
  finishReason,
  error,
  hasContent = false,
  onRetry,
  onContinue,
}: MessageStatusNoticesProps) {
  const state = answerState({ status, finishReason, error });
  const sentence = answerSentence(state, error);
  if (sentence === null) return null;
  const actions = answerActions(state, { error, hasContent });
  const tone = state === 'failed' ? 'alert' : 'note';
  return (
    <div
      role={tone === 'alert' ? 'alert' : undefined}
      data-answer-state={state}
      className={`flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2 text-sm ${TONE[tone]}`}
    >
      <p className="min-w-0 flex-1 break-words">{sentence}</p>
      {actions.retry && onRetry ? (
        <button type="button" onClick={onRetry} className={BUTTON[tone]}>
          Retry
        </button>
      ) : null}
      {actions.continue && onContinue ? (
        <button type="button" onClick={onContinue} className={BUTTON[tone]}>
          Continue
        </button>
      ) : null}
    </div>
  );
}
