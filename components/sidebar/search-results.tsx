'use client';
import { type RefObject, useMemo } from 'react';
import { useHistory } from '@/lib/queries/conversation-history';
import { ConversationRow } from './conversation-row';
import { ListFooter } from './list-footer';
import { HistorySkeleton } from './skeleton';

interface Props {
  search: string;
  currentId: string | null;
  scrollRoot: RefObject<HTMLElement | null>;
}

/** Conversations matching the search in their title or messages, newest first, with excerpts. */
export function SearchResults({ search, currentId, scrollRoot }: Props) {
  const query = useHistory(search);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const more = query.hasNextPage ? '+' : '';
  const summary = query.isPending
    ? 'Searching…'
    : query.isError
      ? 'The search failed. Try again.'
      : items.length === 0
        ? `No conversations match “${search}”.`
        : `${items.length}${more} ${items.length === 1 && !more ? 'conversation' : 'conversations'} found`;

  return (
    <>
      <p
        role="status"
        className="px-2 pt-1 pb-2 text-xs text-zinc-600 dark:text-zinc-400"
        data-testid="search-summary"
      >
        {summary}
      </p>
      {query.isPending ? (
        <HistorySkeleton />
      ) : (
        <ul>
          {items.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              current={conversation.id === currentId}
              search={search}
            />
          ))}
        </ul>
      )}
      <ListFooter query={query} scrollRoot={scrollRoot} />
    </>
  );
}
