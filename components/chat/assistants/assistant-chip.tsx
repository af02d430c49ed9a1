import { NewChatLink } from '@/components/sidebar/new-chat-link';
import { buttonClass } from '@/components/ui/styles';
import { avatarOf } from '@/lib/chat/assistants';

/** The conversation's assistant in the header; a click starts a new chat with it. */
export function AssistantChip({
  assistant,
}: {
  assistant: { id: string; name: string; avatar: string };
}) {
  return (
    <NewChatLink
      href={`/?assistant=${encodeURIComponent(assistant.id)}`}
      title="New chat with this assistant"
      className={`${buttonClass} flex max-w-40 gap-1`}
    >
      <span aria-hidden="true">{avatarOf(assistant)}</span>
      <span className="truncate">{assistant.name}</span>
      <span className="sr-only">: new chat with this assistant</span>
    </NewChatLink>
  );
}
