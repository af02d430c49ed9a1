'use client';
import { memo, useEffect, useState } from 'react';
import { AssistantTurn } from '@/components/chat/message/assistant-turn';
import { answerState } from '@/lib/chat/answer-state';
import type { ComparisonColumn as Column } from '@/lib/chat/comparison';
import { turnStatus, turnUsage } from '@/lib/chat/turns';
import { tokenCount } from '@/lib/chat/usage';
import { useColumnStopRequested, useLiveColumn } from '@/lib/store/comparison-store';
import { columnTiming, formatTiming } from './column-timing';
import { useColumnStream } from './use-column-stream';

interface Props {
  conversationId: string;
  comparisonId: string;
  column: Column;
  /** The model's label (and provider, when several are configured). */
  label: string;
  /** Another answer of the conversation is being written: no Continue yet. */
  busy: boolean;
  panelId: string;
  timeZone?: string;
  onKeep(messageId: string): void;
}

const STATE_WORDS = {
  streaming: 'Writing…',
  complete: 'Done',
  stopped: 'Stopped',
  failed: 'Failed',
  truncated: 'Cut at the length limit',
  filtered: 'Stopped by the content filter',
} as const;

const BUTTON =
  'rounded-md border border-zinc-300 px-2.5 py-1 text-sm font-medium text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800';

/** One model's answer in a comparison: its own status, timing, Stop, Retry and Continue. */
export const ComparisonColumnView = memo(function ComparisonColumnView({
  conversationId,
  comparisonId,
  column,
  label,
  busy,
  panelId,
  timeZone,
  onKeep,
}: Props) {
  const { key, stop, retry } = useColumnStream({ conversationId, comparisonId, column, timeZone });
  const live = useLiveColumn(key);
  const stopRequested = useColumnStopRequested(key);
  const messages = live && live.length > 0 ? live : column.messages;
  const streaming = live !== null || turnStatus(column.messages) === 'streaming';
  const last = messages.findLast((m) => m.role === 'assistant');
  const state = streaming
    ? 'streaming'
    : answerState(last ?? { status: 'complete', finishReason: null, error: null });
  const written = messages.reduce((n, m) => n + m.content.length + (m.reasoning?.length ?? 0), 0);
  // The render that first shows text cannot show its time yet (noted after it): noting it
  // renders the column again, so the line appears even when the model then pauses.
  const [, timingNoted] = useState(0);
  useEffect(() => {
    if (live && written > 0 && columnTiming.first(key)) timingNoted((n) => n + 1);
  }, [live, written, key]);
  const usage = turnUsage(messages);
  const tokens = tokenCount(usage?.completion_tokens) ?? Math.round(written / 4);
  const timing = formatTiming(columnTiming.get(key), tokens);
  const root = column.messages[0];

  return (
    <section
      id={panelId}
      aria-label={`Answer of ${label}`}
      data-column={column.slot}
      data-state={state}
      className="flex w-full min-w-0 shrink-0 snap-start flex-col gap-3 rounded-xl border border-zinc-200 p-3 @3xl:shrink dark:border-zinc-800"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">{label}</h3>
        <span
          data-testid="column-status"
          className="text-xs text-zinc-600 dark:text-zinc-400"
          aria-live="polite"
        >
          {stopRequested && streaming ? 'Stopping…' : STATE_WORDS[state]}
        </span>
        {streaming ? (
          <button
            type="button"
            className={BUTTON}
            onClick={stop}
            disabled={stopRequested}
            aria-label={`Stop ${label}`}
          >
            Stop
          </button>
        ) : null}
      </header>
      {timing ? (
        <p
          data-testid="column-timing"
          className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
        >
          {timing}
        </p>
      ) : null}
      <AssistantTurn
        messages={messages}
        live={live !== null}
        onRetry={streaming ? undefined : retry}
      />
      {!streaming && root ? (
        <div>
          <button type="button" className={BUTTON} disabled={busy} onClick={() => onKeep(root.id)}>
            Continue with this answer
          </button>
        </div>
      ) : null}
    </section>
  );
});
