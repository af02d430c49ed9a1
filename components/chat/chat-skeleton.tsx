// Placeholders while a conversation loads: the shapes of a user message and an answer, pulsing.
// Decorative for screen readers, which hear the busy region's label instead.

function Bar({ className }: { className: string }) {
  return <div className={`h-3 rounded bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}

export function MessagesSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading conversation"
      data-testid="messages-skeleton"
      className="min-h-0 flex-1 overflow-hidden"
    >
      <div
        aria-hidden="true"
        className="mx-auto flex max-w-reading animate-pulse flex-col gap-8 px-gutter py-6 motion-reduce:animate-none"
      >
        {[0, 1].map((i) => (
          <div key={i} className="flex flex-col gap-8">
            <div className="ml-auto h-10 w-2/5 rounded-2xl bg-zinc-200 dark:bg-zinc-800" />
            <div className="flex flex-col gap-2.5">
              <Bar className="w-11/12" />
              <Bar className="w-4/5" />
              <Bar className="w-3/5" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The whole chat view (header, messages, composer) for the route's loading state. */
export function ChatSkeleton() {
  return (
    <div className="flex h-dvh flex-col">
      <div className="flex h-12 items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <Bar className="w-16" />
        <Bar className="w-40" />
      </div>
      <MessagesSkeleton />
      <div className="px-gutter pt-1 pb-3">
        <div className="mx-auto h-24 max-w-reading rounded-3xl border border-zinc-200 dark:border-zinc-800" />
      </div>
    </div>
  );
}
