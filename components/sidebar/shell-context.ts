'use client';
import { createContext, useContext } from 'react';

// The app shell's drawer (the sidebar below the `md` breakpoint), for the button that opens it.

export interface ShellControls {
  drawerOpen: boolean;
  /** Opens the drawer; focus returns to `trigger` when it closes. */
  openDrawer(trigger: HTMLElement | null): void;
  closeDrawer(): void;
}

export const ShellContext = createContext<ShellControls | null>(null);

/** Null outside the shell (pages without a sidebar). */
export function useShell(): ShellControls | null {
  return useContext(ShellContext);
}
