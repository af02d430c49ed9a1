'use client';

import { memo } from 'react';
import { Markdown } from '@/components/chat/markdown/markdown';
import type { ChatMessage, Role } from '@/lib/chat/types';
import { CopyButton } from './copy-button';
import { MessageStatusNotices, StreamingCaret } from './message-status';
import { Reasoning } from './reasoning';
import { Refusal } from './refusal';
import { ToolCallList } from './tool-call-list';
import { MessageUsage } from './usage';

const ROLE_LABEL: Record<Role, string> = {
  user: 'You',
  assistant: 'Assistant',
  system: 'System',
  tool: 'Tool',
};

export interface MessageViewProps {
  message: ChatMessage;
  /** Shown as a "Retry" button when the message failed with a retryable error. */
  onRetry?: (messageId: string) => void;
  /** Shown as a "Continue" button when the answer hit the length limit. */
  onContinue?: (messageId: string) => void;
}

/**
 * One chat message. Memoised: with referentially equal props (a finished message from the cache
 * and stable callbacks) it never re-renders.
 */
export const MessageView = memo(function MessageView({
  message,
  onRetry,
  onContinue,
}: MessageViewProps) {
  const { role, status } = message;
  const articleProps = {
    'data-role': role,
    'data-status': status,
    'aria-label': `${ROLE_LABEL[role]} message`,
  };

  if (role !== 'assistant') {
    // User text is shown exactly as typed: never parsed as markdown or HTML.
    return (
      <article {...articleProps} className={role === 'user' ? 'flex justify-end' : 'flex'}>
        <div className="max-w-[85%] rounded-2xl bg-zinc-100 px-4 py-2.5 whitespace-pre-wrap break-words text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          {message.content}
        </div>
      </article>
    );
  }

  const streaming = status === 'streaming';
  const { content, reasoning, refusal, toolCalls } = message;
  const hasToolCalls = toolCalls !== null && toolCalls.length > 0;
  const thinking = streaming && content === '' && !refusal && !hasToolCalls;

  return (
    <article
      {...articleProps}
      className="flex flex-col gap-3 text-zinc-900 dark:text-zinc-100"
      aria-busy={streaming || undefined}
    >
      {reasoning ? (
        <Reasoning text={reasoning} streaming={thinking} durationMs={message.reasoningMs} />
      ) : null}
      {content !== '' ? <Markdown text={content} streaming={streaming} /> : null}
      {thinking && !reasoning ? (
        <div>
          <StreamingCaret />
          <span className="sr-only">Waiting for the answer…</span>
        </div>
      ) : null}
      {refusal ? <Refusal text={refusal} /> : null}
      {hasToolCalls ? <ToolCallList toolCalls={toolCalls} status={status} /> : null}
      <MessageStatusNotices
        status={status}
        finishReason={message.finishReason}
        error={message.error}
        onRetry={onRetry ? () => onRetry(message.id) : undefined}
        onContinue={onContinue ? () => onContinue(message.id) : undefined}
      />
      {!streaming && (content !== '' || message.usage) ? (
        <div className="flex items-center gap-3">
          {content !== '' ? <CopyButton text={content} label="Copy message" /> : null}
          <MessageUsage usage={message.usage} />
        </div>
      ) : null}
    </article>
  );
});
