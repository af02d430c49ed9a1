'use client';
import { MenuIcon } from './icons';
import { useShell } from './shell-context';

/** Opens the conversations drawer; only shown where the sidebar does not fit (below `md`). */
export function SidebarToggle() {
  const shell = useShell();
  if (!shell) return null;
  return (
    <button
      type="button"
      aria-label="Conversations"
      aria-controls="sidebar"
      aria-expanded={shell.drawerOpen}
      className="-ml-1 rounded-md p-1.5 text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 md:hidden dark:text-zinc-200 dark:hover:bg-zinc-800"
      onClick={(e) => shell.openDrawer(e.currentTarget)}
    >
      <MenuIcon />
    </button>
  );
}
