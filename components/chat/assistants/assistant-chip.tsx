import { NewChatLink } from '@/components/sidebar/new-chat-link';
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
      className="flex max-w-40 items-center gap-1 truncate rounded-full border border-zinc-300 px-2 py-0.5 font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      <span aria-hidden="true">{avatarOf(assistant)}</span>
      <span className="truncate">{assistant.name}</span>
      <span className="sr-only">: new chat with this assistant</span>
    </NewChatLink>
  );
}
