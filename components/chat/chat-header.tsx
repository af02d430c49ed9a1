import { ShareButton } from '@/components/share/share-button';
import { NewChatLink } from '@/components/sidebar/new-chat-link';
import { SidebarToggle } from '@/components/sidebar/sidebar-toggle';
import { HeaderActions } from '@/components/ui/header-actions';
import type { ModelBadge } from '@/lib/chat/api-types';
import { AssistantChip } from './assistants/assistant-chip';

export function ChatHeader({
  title,
  badge,
  conversationId = null,
  assistant = null,
}: {
  title: string;
  badge: ModelBadge;
  /** Null until the first message creates the conversation; there is nothing to share before. */
  conversationId?: string | null;
  /** The assistant the conversation started from (or a new chat will). */
  assistant?: { id: string; name: string; avatar: string } | null;
}) {
  return (
    // Sized by the chat column (the `@container` in chat-screen), not the window: beside the
    // sidebar a 768 px window leaves a narrow column. Narrow, the title gets its own line and
    // every control stays on one line: nothing wraps inside a button or the badge.
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-zinc-200 px-3 py-2 whitespace-nowrap @3xl:flex-nowrap @3xl:gap-3 @3xl:px-4 dark:border-zinc-800">
      <SidebarToggle />
      <NewChatLink className="hidden font-semibold tracking-tight @md:inline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-blue-500">
        Parley
      </NewChatLink>
      <h1
        data-testid="chat-title"
        className="order-last min-w-0 basis-full truncate text-sm text-zinc-600 @3xl:order-none @3xl:flex-1 @3xl:basis-auto dark:text-zinc-400"
      >
        {title}
      </h1>
      <div className="ml-auto flex shrink-0 items-center gap-2 text-xs">
        {assistant ? <AssistantChip assistant={assistant} /> : null}
        <span
          data-testid="model-badge"
          className={
            badge.demo
              ? 'max-w-48 truncate rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
              : 'max-w-48 truncate rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200'
          }
          title={
            badge.demo
              ? 'Set OPENAI_BASE_URL and OPENAI_API_KEY to connect a real provider.'
              : badge.provider
                ? `Model (${badge.provider})`
                : 'Model'
          }
        >
          {badge.label}
        </span>
        {badge.demo && (
          <span className="hidden text-zinc-600 @6xl:inline dark:text-zinc-400">
            Set OPENAI_BASE_URL to connect a real provider
          </span>
        )}
        {conversationId ? <ShareButton conversationId={conversationId} /> : null}
        <HeaderActions conversationId={conversationId} />
        {/* Wide screens have the sidebar's "New chat". */}
        <NewChatLink className="rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 md:hidden focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800">
          New chat
        </NewChatLink>
      </div>
    </header>
  );
}
