import { ShareButton } from '@/components/share/share-button';
import { NewChatLink } from '@/components/sidebar/new-chat-link';
import { SidebarToggle } from '@/components/sidebar/sidebar-toggle';
import { HeaderActions } from '@/components/ui/header-actions';
import type { ModelBadge } from '@/lib/chat/api-types';

export function ChatHeader({
  title,
  badge,
  conversationId = null,
}: {
  title: string;
  badge: ModelBadge;
  /** Null until the first message creates the conversation; there is nothing to share before. */
  conversationId?: string | null;
}) {
  return (
    <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      <SidebarToggle />
      <NewChatLink className="font-semibold tracking-tight focus-visible:rounded focus-visible:outline-2 focus-visible:outline-blue-500">
        Parley
      </NewChatLink>
      <h1 className="min-w-0 flex-1 truncate text-sm text-zinc-600 dark:text-zinc-400">{title}</h1>
      <div className="flex items-center gap-2 text-xs">
        <span
          data-testid="model-badge"
          className={
            badge.demo
              ? 'rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
              : 'rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200'
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
          <span className="hidden text-zinc-600 lg:inline dark:text-zinc-400">
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
