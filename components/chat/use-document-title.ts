'use client';
import { useEffect } from 'react';

/** Same shape as the root layout's title template ('%s · Parley'). */
export function documentTitle(title: string | null | undefined): string {
  const clean = title?.replace(/\s+/g, ' ').trim();
  return clean ? `${clean} · Parley` : 'Parley';
}

/**
 * Keeps the tab title on the conversation's title as it changes in the browser: a new chat gets
 * its title after the first exchange without a navigation, and renames arrive the same way.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
