import Link from 'next/link';

/** Top bar of a shared page: the app, a read-only badge and a way to start one's own chat. */
export function SharedHeader() {
  return (
    <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
      <Link
        href="/"
        className="font-semibold tracking-tight focus-visible:rounded focus-visible:outline-2 focus-visible:outline-blue-500"
      >
        Parley
      </Link>
      <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
        Shared conversation · read-only
      </span>
      <span className="flex-1" />
      <Link
        href="/"
        className="rounded-md border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        New chat
      </Link>
    </header>
  );
}
