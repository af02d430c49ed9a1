import Link from 'next/link';

export default function SharedLinkNotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">This link doesn’t work</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        The shared conversation may have been removed by the person who shared it, or the link is
        incomplete. Check that you copied the whole address, or ask them for a new link.
      </p>
      <Link
        href="/"
        className="rounded-md bg-zinc-900 px-4 py-2 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:bg-zinc-100 dark:text-zinc-900"
      >
        Start a new chat
      </Link>
    </main>
  );
}
