'use client';
import { AccountDialogsHost } from '@/components/account/account-menu';
import { usePathname } from 'next/navigation';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ShellContext, type ShellControls } from './shell-context';
import { Sidebar } from './sidebar';

/** Pages that show the history: the chat screens (shared pages are for visitors). */
function hasSidebar(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/c/') || pathname === '/assistants';
}

const WIDE = '(min-width: 48rem)'; // Tailwind's `md`

/**
 * The history sidebar on the left of the chat; below `md` it becomes a drawer (a modal dialog)
 * opened by the header's "Conversations" button. Focus moves into the drawer, Escape closes it
 * and focus returns to the button.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? '/';
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const drawer = useRef<HTMLElement | null>(null);

  const openDrawer = useCallback((from: HTMLElement | null) => {
    trigger.current = from;
    setOpen(true);
  }, []);
  const returnFocus = useRef(false);
  const closeDrawer = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (open) {
      drawer.current?.querySelector<HTMLElement>('[data-drawer-focus]')?.focus();
    } else if (returnFocus.current) {
      // Only once the page behind is no longer inert can it take focus.
      returnFocus.current = false;
      trigger.current?.focus();
    }
  }, [open]);

  // Following a link closes the drawer (focus goes with the navigation, not back to the button).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    setOpen(false);
  }, [pathname]);

  // Widening the window turns the drawer back into the sidebar.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const controls = useMemo<ShellControls>(
    () => ({ drawerOpen: open, openDrawer, closeDrawer }),
    [open, openDrawer, closeDrawer],
  );

  if (!hasSidebar(pathname)) return children;
  return (
    <ShellContext.Provider value={controls}>
      <div className="flex h-dvh overflow-hidden">
        {open ? (
          // A click outside closes it; keyboard users have Escape and the close button.
          <div
            aria-hidden="true"
            className="fixed inset-0 z-40 bg-black/40 md:hidden"
            onClick={closeDrawer}
          />
        ) : null}
        <Sidebar ref={drawer} drawerOpen={open} onCloseDrawer={closeDrawer} pathname={pathname} />
        <div className="min-w-0 flex-1" inert={open}>
          {children}
        </div>
      </div>
      <AccountDialogsHost />
    </ShellContext.Provider>
  );
}
