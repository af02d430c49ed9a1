// Class names shared by the small controls inside the message box, so they line up: one height,
// one radius, one hover and one focus ring.

/** A round icon-only button (attach, settings). */
export const ICON_BUTTON =
  'grid size-9 shrink-0 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** A pill with an icon and a short text (tools, the model chip). */
export const CHIP =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';
