import { AssistantTurn } from '@/components/chat/message/assistant-turn';
import { MessageView } from '@/components/chat/message/message-view';
import { groupTurns } from '@/lib/chat/turns';
import type { ChatMessage } from '@/lib/chat/types';
import { SharedComparison, type SharedComparisonColumn } from './shared-comparison';

/**
 * The messages of a shared conversation, read-only: no retry, continue or approval handlers, so
 * no such buttons. Rendered on the server; tool cards are native <details>, so the page reads
 * and expands the same with JavaScript disabled.
 */
export function SharedTranscript({
  messages,
  shareId,
  comparisons = {},
}: {
  messages: ChatMessage[];
  shareId: string;
  /** A comparison's answers by comparison id: its turn shows as columns. */
  comparisons?: Record<string, SharedComparisonColumn[]>;
}) {
  const attachmentBaseUrl = `/api/shares/${encodeURIComponent(shareId)}/attachments/`;
  return (
    <div data-testid="messages" className="flex flex-col gap-turn">
      {groupTurns(messages).map((item) =>
        item.kind === 'user' ? (
          <MessageView
            key={item.message.id}
            message={item.message}
            attachmentBaseUrl={attachmentBaseUrl}
          />
        ) : (comparisons[item.messages[0]?.comparison?.id ?? '']?.length ?? 0) > 1 ? (
          <SharedComparison
            key={item.id}
            columns={comparisons[item.messages[0]?.comparison?.id ?? ''] ?? []}
          />
        ) : (
          <AssistantTurn key={item.id} messages={item.messages} />
        ),
      )}
    </div>
  );
}
