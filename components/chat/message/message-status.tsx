'use client';

import { CARET_CLASS } from '@/components/chat/markdown/streaming-caret';
import type { ChatError, MessageStatus } from '@/lib/chat/types';

const actionClass =
  'rounded-md border px-2.5 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 dark:focus-visible:ring-offset-zinc-950';

/**
 * The blinking block shown while an answer streams. Markdown draws the same caret after the last
 * word; this standalone one covers the wait before any text arrives.
 */
export function StreamingCaret() {
  return <span aria-hidden="true" data-streaming-caret="" className={CARET_CLASS} />;
}

export function TruncatedNotice({ onContinue }: { onContinue?: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <p>Answer was cut off (length limit)</p>
      {onContinue && (
        <button
          type="button"
          onClick={onContinue}
          className={`${actionClass} border-zinc-300 text-zinc-800 hover:bg-zinc-100 focus-visible:ring-zinc-500 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800`}
        >
          Continue
        </button>
      )}
    </div>
  );
}

export function InterruptedNote() {
  return (
    <p className="text-sm text-zinc-500 italic dark:text-zinc-400">
      Interrupted — the answer stopped before it finished.
    </p>
  );
}

export function ContentFilterNote() {
  return (
    <p className="text-sm text-zinc-500 italic dark:text-zinc-400">
      The answer was stopped by the provider’s content filter.
    </p>
  );
}

export function ErrorBox({ error, onRetry }: { error: ChatError | null; onRetry?: () => void }) {
  const retryable = error?.retryable ?? false;
  const wait = error?.retryAfterSeconds;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800/70 dark:bg-red-950/40 dark:text-red-100"
    >
      <div className="min-w-0 flex-1">
        <p className="break-words">{error?.message || 'Something went wrong.'}</p>
        {retryable && wait !== undefined && wait > 0 && (
          <p className="text-xs text-red-700 dark:text-red-300">
            You can retry in {Math.ceil(wait)} s.
          </p>
        )}
      </div>
      {retryable && onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className={`${actionClass} border-red-300 text-red-900 hover:bg-red-100 focus-visible:ring-red-500 dark:border-red-700 dark:text-red-100 dark:hover:bg-red-900/50`}
        >
          Retry
        </button>
      )}
    </div>
  );
}

export interface MessageStatusNoticesProps {
  status: MessageStatus;
  finishReason: string | null;
  error: ChatError | null;
  onRetry?: () => void;
  onContinue?: () => void;
}

/** Whatever the reader needs to know about how the answer ended. Nothing while streaming. */
export function MessageStatusNotices({
  status,
  finishReason,
  error,
  onRetry,
  onContinue,
}: MessageStatusNoticesProps) {
  if (status === 'error') return <ErrorBox error={error} onRetry={onRetry} />;
  if (status === 'interrupted') return <InterruptedNote />;
  if (status === 'complete' && finishReason === 'length') {
    return <TruncatedNotice onContinue={onContinue} />;
  }
  if (status === 'complete' && finishReason === 'content_filter') return <ContentFilterNote />;
  return null;
}
