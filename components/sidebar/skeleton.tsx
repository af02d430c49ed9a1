/** Placeholder rows while the first page loads. */
export function HistorySkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="px-2 pt-4" data-testid="history-skeleton">
      <span className="sr-only">Loading conversations…</span>
      <div aria-hidden="true" className="space-y-2">
        <div className="h-3 w-16 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        {Array.from({ length: rows }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
            key={i}
            className="h-7 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800"
            style={{ width: `${90 - ((i * 17) % 35)}%` }}
          />
        ))}
      </div>
    </div>
  );
}
