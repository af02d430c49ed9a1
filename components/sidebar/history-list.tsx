'use client';
import { type RefObject, useMemo } from 'react';
import { groupByDay } from '@/lib/chat/group-by-day';
import { useHistory } from '@/lib/queries/conversation-history';
import { ConversationRow } from './conversation-row';
import { ListFooter } from './list-footer';
import { HistorySkeleton } from './skeleton';

interface Props {
  currentId: string | null;
  scrollRoot: RefObject<HTMLElement | null>;
}

const emptyClass = 'px-2 py-4 text-sm text-zinc-600 dark:text-zinc-400';
const headingClass =
  'px-2 pt-4 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400';

/** Every conversation, newest first, grouped by day in the reader's time zone. */
export function HistoryList({ currentId, scrollRoot }: Props) {
  const query = useHistory('');
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const groups = useMemo(() => groupByDay(items, new Date(), timeZone), [items, timeZone]);

  if (query.isPending) return <HistorySkeleton />;
  if (query.isError && items.length === 0) {
    return (
      <div className={emptyClass}>
        <p>Could not load your conversations.</p>
        <button
          type="button"
          className="mt-2 underline focus-visible:outline-2 focus-visible:outline-blue-500"
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (items.length === 0) return <p className={emptyClass}>No conversations yet.</p>;

  return (
    <>
      {groups.map((group) => (
        <section key={group.group} aria-labelledby={`history-group-${group.group}`}>
          <h2 id={`history-group-${group.group}`} className={headingClass}>
            {group.label}
          </h2>
          <ul>
            {group.items.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                current={conversation.id === currentId}
              />
            ))}
          </ul>
        </section>
      ))}
      <ListFooter query={query} scrollRoot={scrollRoot} />
    </>
  );
}
