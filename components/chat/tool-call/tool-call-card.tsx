'use client';

import { memo, useEffect, useRef, useState } from 'react';
import { summarizeArguments } from '@/lib/chat/tool-arguments';
import type { ToolCardStatus } from '@/lib/chat/turns';
import type { ChatMessage, ToolCall } from '@/lib/chat/types';
import { rememberedOpen, rememberToggle } from '../remembered-open';
import { ApprovalButtons } from './approval-buttons';
import { formatDuration } from './format';
import { StatusBadge } from './status-badge';
import { ToolArguments } from './tool-arguments';
import { ToolResult } from './tool-result';

const SUMMARY_CHARS = 80;

/**
 * Called with the choice for a call awaiting approval. If it returns a promise, the buttons stay
 * disabled until it settles.
 */
export type ApprovalHandler = (toolMessageId: string, approve: boolean) => unknown;

export interface ToolCallCardProps {
  call: ToolCall;
  status: ToolCardStatus;
  /** The `role: 'tool'` message answering the call, once there is one. */
  result: ChatMessage | null;
  /** Omitted (shared pages, history) → no Approve/Deny buttons. */
  onApproval?: ApprovalHandler;
  /** Names the card across remounts (its row scrolled out and back): `<message id>:<index>`. */
  disclosureKey?: string;
}

/**
 * One tool call as a native disclosure: name, argument summary, status and duration when
 * collapsed; arguments and result when expanded. Works without JavaScript (apart from the
 * approval buttons). Memoised: a card re-renders only when its call, status or result changes.
 */
export const ToolCallCard = memo(function ToolCallCard({
  call,
  status,
  result,
  onApproval,
  disclosureKey,
}: ToolCallCardProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  // Open is set once, never controlled: React leaves the attribute alone while the prop stays
  // the same, so the reader's own toggling survives every streamed token.
  const [initiallyOpen] = useState(
    () => rememberedOpen(disclosureKey) ?? status === 'awaiting_approval',
  );
  useEffect(() => {
    // A call that starts waiting for approval after mounting opens so its buttons are seen.
    if (status === 'awaiting_approval' && ref.current) ref.current.open = true;
  }, [status]);

  const name = call.function.name || 'Unnamed tool';
  const summary = summarizeArguments(call.function.arguments, SUMMARY_CHARS);
  // Why a call failed or did not run is what the reader needs first, so it takes the header.
  const reason =
    (status === 'error' || status === 'not_executed') && result?.content
      ? result.content.replace(/\s+/g, ' ').trim()
      : null;
  const duration = formatDuration(result?.toolRun?.durationMs);
  const canApprove = status === 'awaiting_approval' && onApproval !== undefined && result !== null;

  return (
    <details
      ref={ref}
      open={initiallyOpen}
      data-testid="tool-call"
      data-status={status}
      data-tool-call-id={call.id || undefined}
      className="group/card min-w-0 rounded-lg border border-zinc-200 text-sm dark:border-zinc-800"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the native, keyboard-operable toggle of its <details>; the click only records the reader's choice. */}
      <summary
        onClick={rememberToggle(disclosureKey)}
        className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 select-none hover:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 dark:hover:bg-zinc-900 [&::-webkit-details-marker]:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-3 shrink-0 text-zinc-500 transition-transform group-open/card:rotate-90 motion-reduce:transition-none dark:text-zinc-400"
          fill="currentColor"
        >
          <path d="M6 3.5l5 4.5-5 4.5z" />
        </svg>
        <span
          data-testid="tool-name"
          className="max-w-[50%] shrink-0 truncate font-mono font-medium text-zinc-900 dark:text-zinc-100"
        >
          {name}
        </span>
        {reason ? (
          <span
            data-testid="tool-reason"
            title={reason}
            className="min-w-0 flex-1 truncate text-xs text-red-800 dark:text-red-300"
          >
            {reason}
          </span>
        ) : (
          <span
            data-testid="tool-summary"
            className="min-w-0 flex-1 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400"
          >
            {summary}
          </span>
        )}
        <StatusBadge status={status} />
        {duration ? (
          <span
            data-testid="tool-duration"
            className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
          >
            {duration}
          </span>
        ) : null}
      </summary>
      <div className="flex flex-col gap-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
        <ToolArguments raw={call.function.arguments} streaming={status === 'streaming'} />
        <ToolResult status={status} content={result?.content ?? null} />
        {canApprove ? (
          <ApprovalButtons onDecide={(approve) => onApproval(result.id, approve)} />
        ) : null}
      </div>
    </details>
  );
});
