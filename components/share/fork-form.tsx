/**
 * "Continue this conversation": a plain form post, so it works without JavaScript. The route
 * copies the snapshot into a conversation of the visitor's and redirects there.
 */
export function ForkForm({ shareId }: { shareId: string }) {
  return (
    <form
      method="post"
      action={`/api/shares/${encodeURIComponent(shareId)}/fork`}
      className="flex flex-col items-center gap-2 rounded-xl border border-zinc-200 p-4 text-center dark:border-zinc-800"
    >
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Want to ask a follow-up? Continue from here in a copy of your own; the original stays as it
        is.
      </p>
      <button
        type="submit"
        className="rounded-md bg-zinc-900 px-4 py-2 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
      >
        Continue this conversation
      </button>
    </form>
  );
}
