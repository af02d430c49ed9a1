'use client';

import { memo } from 'react';
import type { ChatMessage, Role } from '@/lib/chat/types';
import { AssistantTurn } from './assistant-turn';
import { UserMessage, type UserMessageProps } from './user-message';

const ROLE_LABEL: Record<Role, string> = {
  user: 'You',
  assistant: 'Assistant',
  system: 'System',
  tool: 'Tool',
};

export interface MessageViewProps extends Omit<UserMessageProps, 'message'> {
  message: ChatMessage;
  /** Shown as a "Retry" button when the message failed with a retryable error. */
  onRetry?: (messageId: string) => void;
  /** Shown as a "Continue" button when the answer hit the length limit. */
  onContinue?: (messageId: string) => void;
}

/**
 * One chat message; an assistant message renders as a one-message AssistantTurn (use that
 * directly for turns with tool calls and several steps). Memoised: with referentially equal props
 * (a finished message from the cache and stable callbacks) it never re-renders.
 */
export const MessageView = memo(function MessageView({
  message,
  onRetry,
  onContinue,
  ...userProps
}: MessageViewProps) {
  const { role, status } = message;
  const articleProps = {
    'data-role': role,
    'data-status': status,
    'aria-label': `${ROLE_LABEL[role]} message`,
  };

  if (role === 'user') {
    return (
      <article {...articleProps} className="flex flex-col items-end gap-1">
        <UserMessage message={message} {...userProps} />
      </article>
    );
  }

  if (role !== 'assistant') {
    // Shown exactly as written: never parsed as markdown or HTML.
    return (
      <article {...articleProps} className="flex">
        <div className="max-w-[85%] rounded-2xl bg-zinc-100 px-4 py-2.5 whitespace-pre-wrap break-words text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          {message.content}
        </div>
      </article>
    );
  }

  return <AssistantTurn messages={[message]} onRetry={onRetry} onContinue={onContinue} />;
});
