'use client';

import { memo } from 'react';
import { BranchNav } from '@/components/chat/branch-nav';
import { Markdown } from '@/components/chat/markdown/lazy-markdown';
import { type ApprovalHandler, ToolCallCard } from '@/components/chat/tool-call/tool-call-card';
import type { BranchInfo } from '@/lib/chat/api-types';
import { toolStateFor, turnStatus, turnUsage } from '@/lib/chat/turns';
import type { ChatMessage } from '@/lib/chat/types';
import { CopyButton } from './copy-button';
import { MessageStatusNotices, StreamingCaret } from './message-status';
import { Reasoning } from './reasoning';
import { Refusal } from './refusal';
import { ToolCallList } from './tool-call-list';
import { MessageUsage } from './usage';

export interface AssistantTurnProps {
  /** The turn's assistant and tool messages, in order (see groupTurns). */
  messages: ChatMessage[];
  /** "Retry" on a retryable error of the turn's last assistant message; called with its id. */
  onRetry?: (assistantMessageId: string) => void;
  /** "Continue" when the last assistant message hit the length limit; called with its id. */
  onContinue?: (assistantMessageId: string) => void;
  /** Omitted → no Approve/Deny buttons (shared pages). */
  onApproval?: ApprovalHandler;
  /**
   * "Regenerate": a new answer beside this one (which stays, as another version); called with
   * the id of the turn's first assistant message. Omitted → no button.
   */
  onRegenerate?: (assistantMessageId: string) => void;
  /** The turn's versions ("‹ 2/3 ›"), when it has several; needs onSwitchBranch. */
  branch?: BranchInfo;
  onSwitchBranch?: (messageId: string) => void;
  /** Another answer is being written: Regenerate and version navigation wait. */
  busy?: boolean;
  /**
   * True while this turn is the one being streamed. Covers the gaps the messages alone cannot
   * show (a step finished with tool calls and the next message is not there yet). Defaults to
   * what the messages say (turnStatus).
   */
  live?: boolean;
}

function AssistantTurnView({
  messages,
  onRetry,
  onContinue,
  onApproval,
  live,
  onRegenerate,
  branch,
  onSwitchBranch,
  busy,
}: AssistantTurnProps) {
  const status = live ? 'streaming' : turnStatus(messages);
  const turnStreaming = status === 'streaming';
  const assistants = messages.filter((m) => m.role === 'assistant');
  const lastAssistant = assistants.at(-1) ?? null;
  const lastMessage = messages.at(-1) ?? null;
  const callIds = new Set(assistants.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id)));
  const pendingTool = assistants.some((m) =>
    (m.toolCalls ?? []).some((call) => {
      const state = toolStateFor(call, messages, turnStreaming);
      return state === 'streaming' || state === 'running' || state === 'awaiting_approval';
    }),
  );
  // Between steps: tools have answered and the next assistant message has not started yet.
  const waitingForModel = turnStreaming && lastMessage?.status !== 'streaming' && !pendingTool;
  const copyText = assistants
    .map((m) => m.content)
    .filter((text) => text !== '')
    .join('\n\n');
  const usage = turnUsage(messages);
  const firstAssistant = assistants[0];
  const regenerate = onRegenerate && firstAssistant ? () => onRegenerate(firstAssistant.id) : null;
  const showNav = branch !== undefined && branch.count > 1 && onSwitchBranch !== undefined;

  return (
    <article
      data-role="assistant"
      data-status={status}
      aria-label="Assistant message"
      aria-busy={turnStreaming || undefined}
      className="flex min-w-0 flex-col gap-3 text-zinc-900 dark:text-zinc-100"
    >
      {messages.map((message) => {
        if (message.role === 'assistant') {
          return (
            <AssistantStep
              key={message.id}
              message={message}
              turnMessages={messages}
              turnStreaming={turnStreaming}
              onApproval={onApproval}
            />
          );
        }
        // A result whose call is not in the turn (e.g. history that starts mid-turn) still shows.
        if (message.role === 'tool' && !callIds.has(message.toolCallId ?? '')) {
          return <OrphanToolCard key={message.id} message={message} onApproval={onApproval} />;
        }
        return null;
      })}
      {waitingForModel ? <WaitingCaret /> : null}
      {lastAssistant ? (
        <MessageStatusNotices
          status={lastAssistant.status}
          finishReason={lastAssistant.finishReason}
          error={lastAssistant.error}
          hasContent={copyText !== ''}
          onRetry={onRetry ? () => onRetry(lastAssistant.id) : undefined}
          onContinue={onContinue ? () => onContinue(lastAssistant.id) : undefined}
        />
      ) : null}
      {!turnStreaming && (copyText !== '' || usage || regenerate || showNav) ? (
        <div className="flex flex-wrap items-center gap-3">
          {showNav ? <BranchNav branch={branch} onSwitch={onSwitchBranch} disabled={busy} /> : null}
          {copyText !== '' ? <CopyButton text={copyText} label="Copy message" /> : null}
          {regenerate ? <RegenerateButton onClick={regenerate} disabled={busy} /> : null}
          <MessageUsage usage={usage} />
        </div>
      ) : null}
    </article>
  );
}

interface AssistantStepProps {
  message: ChatMessage;
  turnMessages: ChatMessage[];
  turnStreaming: boolean;
  onApproval?: ApprovalHandler;
}

/** One model step: reasoning, text, tool calls, refusal. */
function AssistantStep({ message, turnMessages, turnStreaming, onApproval }: AssistantStepProps) {
  const { content, reasoning, refusal, toolCalls } = message;
  const streaming = message.status === 'streaming';
  const hasToolCalls = toolCalls !== null && toolCalls.length > 0;
  const thinking = streaming && content === '' && !refusal && !hasToolCalls;
  return (
    <>
      {reasoning ? (
        <Reasoning
          id={message.id}
          text={reasoning}
          streaming={thinking}
          durationMs={message.reasoningMs}
        />
      ) : null}
      {content !== '' ? <Markdown text={content} streaming={streaming} /> : null}
      {thinking && !reasoning ? <WaitingCaret /> : null}
      {hasToolCalls ? (
        <ToolCallList
          messageId={message.id}
          toolCalls={toolCalls}
          turnMessages={turnMessages}
          turnStreaming={turnStreaming}
          onApproval={onApproval}
        />
      ) : null}
      {refusal ? <Refusal text={refusal} /> : null}
    </>
  );
}

function OrphanToolCard({
  message,
  onApproval,
}: {
  message: ChatMessage;
  onApproval?: ApprovalHandler;
}) {
  const call = {
    id: message.toolCallId ?? message.id,
    type: 'function',
    function: { name: message.toolRun?.name ?? '', arguments: '' },
  };
  return (
    <ToolCallCard
      call={call}
      status={toolStateFor(call, [message], false)}
      result={message}
      onApproval={onApproval}
    />
  );
}

function RegenerateButton({ onClick, disabled }: { onClick(): void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          d="M13 8a5 5 0 1 1-1.5-3.6M13 2.5v2.5h-2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Regenerate</span>
    </button>
  );
}

function WaitingCaret() {
  return (
    <div>
      <StreamingCaret />
      <span className="sr-only">Waiting for the answer…</span>
    </div>
  );
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Props are equal when the callbacks are the same and the messages are the same objects. */
export function sameTurnProps(a: AssistantTurnProps, b: AssistantTurnProps): boolean {
  return (
    a.onRetry === b.onRetry &&
    a.onContinue === b.onContinue &&
    a.onApproval === b.onApproval &&
    a.onRegenerate === b.onRegenerate &&
    a.branch === b.branch &&
    a.onSwitchBranch === b.onSwitchBranch &&
    a.busy === b.busy &&
    a.live === b.live &&
    sameItems(a.messages, b.messages)
  );
}

/**
 * A whole assistant turn (every step and tool call) as ONE article. Memoised by the identity of
 * each message, not of the array, so a list rebuilt on every render does not re-render it.
 */
export const AssistantTurn = memo(AssistantTurnView, sameTurnProps);
