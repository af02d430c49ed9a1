'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { focusComposer } from '@/components/chat/composer-fill';
import { matchShortcut, type ShortcutId } from '@/lib/shortcuts';
import { openShortcutsHelp, ShortcutsDialog } from './shortcuts-dialog';

interface Props {
  /** An answer is being written, here or (after a reload) on the server. */
  streaming: boolean;
  onStop(): void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'file', 'color'].includes(
    target.type,
  );
}

/**
 * A modal dialog owns every key; so does a menu just opened from the focused button (Escape
 * should close it, not stop the answer).
 */
function overlayOpen(): boolean {
  if (document.querySelector('dialog[open], [aria-modal="true"]')) return true;
  return document.activeElement?.getAttribute('aria-expanded') === 'true';
}

function visible(el: HTMLElement): boolean {
  return el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
}

/** The history's search box (the sidebar owns it); at phone width it sits in a closed drawer. */
function findSearchBox(): HTMLInputElement | null {
  const named = (el: HTMLInputElement) =>
    [
      el.getAttribute('aria-label'),
      el.placeholder,
      ...Array.from(el.labels ?? [], (l) => l.textContent),
    ].some((name) => name?.trim().toLowerCase() === 'search conversations');
  return Array.from(document.querySelectorAll('input')).find(named) ?? null;
}

function focusSearch(): void {
  const box = findSearchBox();
  if (box && visible(box)) {
    box.focus();
    box.select();
    return;
  }
  const opener = Array.from(document.querySelectorAll('button')).find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === 'Conversations',
  );
  if (!opener) return;
  opener.click();
  // The drawer renders on the next frames.
  let tries = 10;
  const retry = () => {
    const found = findSearchBox();
    if (found && visible(found)) found.focus();
    else if (--tries > 0) requestAnimationFrame(retry);
  };
  requestAnimationFrame(retry);
}

/** Global keyboard shortcuts of the chat screen, and their help dialog. */
export function KeyboardShortcuts({ streaming, onStop }: Props) {
  const router = useRouter();
  // Read at key time: the listener is added once.
  const latest = useRef({ streaming, onStop, router });
  latest.current = { streaming, onStop, router };

  useEffect(() => {
    const actions: Record<ShortcutId, () => void> = {
      'new-chat': () => {
        // A chat started at "/" only moved its URL to /c/[id] in place, so the router may still
        // hold "/" as current and skip the fetch; refresh makes it render a fresh screen.
        latest.current.router.push('/');
        latest.current.router.refresh();
      },
      'focus-composer': () => void focusComposer(),
      stop: () => latest.current.onStop(),
      search: focusSearch,
      help: openShortcutsHelp,
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const id = matchShortcut(event, {
        typing: isTyping(event.target),
        inOverlay: overlayOpen(),
        streaming: latest.current.streaming,
      });
      if (!id) return;
      event.preventDefault();
      actions[id]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return <ShortcutsDialog />;
}
