'use client';
import { type RefObject, useEffect, useRef } from 'react';

/** The parts of an infinite query the footer drives. */
interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

interface Props {
  query: Pager;
  scrollRoot: RefObject<HTMLElement | null>;
}

/**
 * Infinite scroll: the next page loads when this footer scrolls into view. The "Load more"
 * button is the fallback (no IntersectionObserver, keyboard users, a failed page).
 */
export function ListFooter({ query, scrollRoot }: Props) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    // Re-created after every page, so a footer still in view asks for the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root: scrollRoot.current, rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, scrollRoot]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="px-2 pt-2">
      <button
        type="button"
        disabled={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
        className="w-full rounded-md px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-200 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {isFetchingNextPage
          ? 'Loading…'
          : isFetchNextPageError
            ? 'Retry loading more'
            : 'Load more'}
      </button>
    </div>
  );
}
