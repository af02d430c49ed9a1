'use client';
import { memo, useEffect } from 'react';
import type { ChatMessage } from '@/lib/chat/types';
import type { ModelBadge } from '@/lib/chat/api-types';
import { useLiveAssistantId, useLiveUserMessage } from '@/lib/store/conversation-store';
import { EmptyState } from './empty-state';
import { LiveTurn } from './live-turn';
import { MessageView } from './message/message-view';
import { useStickToBottom } from './use-stick-to-bottom';

interface Props {
  messages: ChatMessage[];
  badge: ModelBadge;
  onRetry(messageId: string): void;
  onContinue(): void;
}

interface RowProps {
  message: ChatMessage;
  isLast: boolean;
  onRetry(messageId: string): void;
  onContinue(): void;
}

/** A saved message: props are stable references from the Query cache, so it renders once. */
const MessageRow = memo(function MessageRow({ message, isLast, onRetry, onContinue }: RowProps) {
  return (
    <MessageView
      message={message}
      onRetry={message.error?.retryable && isLast ? onRetry : undefined}
      onContinue={isLast && message.finishReason === 'length' ? onContinue : undefined}
    />
  );
});

export function MessageList({ messages, badge, onRetry, onContinue }: Props) {
  const liveUser = useLiveUserMessage();
  const liveAssistantId = useLiveAssistantId();
  const { containerRef, contentRef, atBottom, jumpToLatest } = useStickToBottom();

  // Sending a message always brings the reader down to it.
  useEffect(() => {
    if (liveUser) jumpToLatest(false);
  }, [liveUser, jumpToLatest]);

  const visible = messages.filter(
    (m) =>
      (m.role === 'user' || m.role === 'assistant') &&
      m.id !== liveUser?.id &&
      m.id !== liveAssistantId,
  );
  const empty = visible.length === 0 && !liveUser && !liveAssistantId;

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={containerRef} data-testid="messages" className="h-full overflow-y-auto">
        <div ref={contentRef} className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
          {empty && <EmptyState badge={badge} />}
          {visible.map((m, i) => (
            <MessageRow
              key={m.id}
              message={m}
              isLast={i === visible.length - 1}
              onRetry={onRetry}
              onContinue={onContinue}
            />
          ))}
          <LiveTurn />
        </div>
      </div>
      {!atBottom && (
        <button
          type="button"
          onClick={() => jumpToLatest()}
          className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-sm shadow-md hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
        >
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}
