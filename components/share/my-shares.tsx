'use client';
import { useRevokeShare, useShareList } from '@/lib/queries/shares';
import { mutedTextClass, shortDate } from '@/components/ui/styles';

/** Every link the user has shared, across conversations, each revocable. */
export function MyShares({ currentConversationId }: { currentConversationId: string }) {
  const { data, isPending, isError } = useShareList(true);
  const revoke = useRevokeShare();
  const items = data?.items ?? [];

  return (
    <section aria-labelledby="my-shares-heading" className="flex flex-col gap-2">
      <h3 id="my-shares-heading" className="text-sm font-semibold">
        Your shared links
      </h3>
      {isPending ? <p className={mutedTextClass}>Loading…</p> : null}
      {isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load your shared links.
        </p>
      ) : null}
      {!isPending && !isError && items.length === 0 ? (
        <p className={mutedTextClass}>You have not shared any conversation yet.</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="flex max-h-48 flex-col divide-y divide-zinc-200 overflow-y-auto rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {items.map((item) => {
            const title = item.title || 'Untitled conversation';
            return (
              <li
                key={item.id}
                data-share-id={item.id}
                className="flex items-center gap-3 px-3 py-2"
              >
                <div className="min-w-0 flex-1">
                  <a
                    href={item.path}
                    target="_blank"
                    rel="noreferrer"
                    className="block truncate text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-500"
                  >
                    {title}
                  </a>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {item.conversationId === currentConversationId ? 'This conversation · ' : ''}
                    Updated <time dateTime={item.updatedAt}>{shortDate(item.updatedAt)}</time>
                  </p>
                </div>
                <button
                  type="button"
                  aria-label={`Revoke the link to “${title}”`}
                  disabled={revoke.isPending && revoke.variables === item.id}
                  onClick={() => revoke.mutate(item.id)}
                  className="rounded px-2 py-1 text-xs font-medium text-red-800 hover:bg-red-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-red-200 dark:hover:bg-red-950/50"
                >
                  Revoke
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
