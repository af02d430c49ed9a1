'use client';
import { type Ref, useEffect, useRef, useState } from 'react';
import { AccountMenu } from '@/components/account/account-menu';
import { normalizeQuery } from '@/lib/chat/search-text';
import { HistoryActionsProvider } from './history-actions';
import { HistoryList } from './history-list';
import { CloseIcon, PlusIcon } from './icons';
import { NewChatLink } from './new-chat-link';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';

interface Props {
  ref: Ref<HTMLElement>;
  /** Below `md`: shown as a modal drawer. */
  drawerOpen: boolean;
  onCloseDrawer(): void;
  pathname: string;
}

const SEARCH_DELAY_MS = 250;

function currentConversationId(pathname: string): string | null {
  const match = /^\/c\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The history: "New chat", the search box, and the grouped list (or search results). */
export function Sidebar({ ref, drawerOpen, onCloseDrawer, pathname }: Props) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const next = normalizeQuery(input);
    const timer = setTimeout(() => setSearch(next), next === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const scrollRoot = useRef<HTMLElement | null>(null);
  const currentId = currentConversationId(pathname);

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is only set with role="dialog"
    <aside
      ref={ref}
      id="sidebar"
      aria-label="Conversations"
      role={drawerOpen ? 'dialog' : undefined}
      aria-modal={drawerOpen ? true : undefined}
      className={
        drawerOpen
          ? 'fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl dark:bg-zinc-950'
          : 'hidden w-72 shrink-0 flex-col border-r border-zinc-200 bg-zinc-50 md:flex dark:border-zinc-800 dark:bg-zinc-900'
      }
      onKeyDown={(e) => {
        if (drawerOpen && e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onCloseDrawer();
        }
      }}
    >
      <div className="flex items-center gap-2 px-3 pt-3">
        <NewChatLink className="flex flex-1 items-center gap-2 rounded-md border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800">
          <PlusIcon />
          New chat
        </NewChatLink>
        {drawerOpen ? (
          <button
            type="button"
            data-drawer-focus
            aria-label="Close conversations"
            className="rounded-md p-1.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:bg-zinc-800"
            onClick={onCloseDrawer}
          >
            <CloseIcon />
          </button>
        ) : null}
      </div>
      <div className="px-3 py-3">
        <SearchBox value={input} onChange={setInput} />
      </div>
      <nav
        ref={scrollRoot}
        aria-label={search ? 'Search results' : 'Conversation history'}
        className="min-h-0 flex-1 overflow-y-auto px-2 pb-4"
      >
        <HistoryActionsProvider>
          {search ? (
            <SearchResults search={search} currentId={currentId} scrollRoot={scrollRoot} />
          ) : (
            <HistoryList currentId={currentId} scrollRoot={scrollRoot} />
          )}
        </HistoryActionsProvider>
      </nav>
      <AccountMenu />
    </aside>
  );
}
