import { AssistantTurn } from '@/components/chat/message/assistant-turn';
import { MessageView } from '@/components/chat/message/message-view';
import { groupTurns } from '@/lib/chat/turns';
import type { ChatMessage } from '@/lib/chat/types';

/**
 * The messages of a shared conversation, read-only: no retry, continue or approval handlers, so
 * no such buttons. Rendered on the server; tool cards are native <details>, so the page reads
 * and expands the same with JavaScript disabled.
 */
export function SharedTranscript({
  messages,
  shareId,
}: {
  messages: ChatMessage[];
  shareId: string;
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
        ) : (
          <AssistantTurn key={item.id} messages={item.messages} />
        ),
      )}
    </div>
  );
}
