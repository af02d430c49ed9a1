'use client';
import type { Placement } from '@floating-ui/react-dom';
import { type KeyboardEvent, type ReactNode, useCallback, useRef } from 'react';
import { FloatingPanel } from './floating-panel';

// The open part of a Menu, in a chunk of its own with Floating UI: the page loads only the
// button; the items' keyboard handling arrives when the menu first opens (or its button is
// reached). ArrowDown/ArrowUp move through the items and wrap, Home/End go to the ends, a
// letter to the next item starting with it; Tab closes and moves on.

const ITEMS = '[role^="menuitem"]:not([aria-disabled="true"])';
const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

export interface MenuPanelProps {
  anchor: HTMLElement | null;
  placement?: Placement;
  menuId: string;
  labelledBy: string;
  /** Which item takes focus once the panel is placed (a hidden element cannot take focus). */
  start: 'first' | 'last';
  header?: ReactNode;
  onTab(): void;
  children: ReactNode;
}

export function MenuPanel({
  anchor,
  placement,
  menuId,
  labelledBy,
  start,
  header,
  onTab,
  children,
}: MenuPanelProps) {
  const menu = useRef<HTMLDivElement>(null);
  const onPlaced = useCallback(() => {
    const list = itemsOf(menu.current);
    (start === 'last' ? list.at(-1) : list[0])?.focus();
  }, [start]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = itemsOf(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at < 0 ? -1 : at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Tab':
        return onTab();
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const key = event.key.toLowerCase();
          const next = [...list.slice(at + 1), ...list.slice(0, at + 1)].find((item) =>
            item.textContent?.trim().toLowerCase().startsWith(key),
          );
          if (next) {
            event.preventDefault();
            next.focus();
          }
        }
    }
  };

  return (
    <FloatingPanel
      anchor={anchor}
      placement={placement}
      onPlaced={onPlaced}
      className="z-40 w-56 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      {header}
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={onMenuKey}
        className="flex flex-col gap-0.5"
      >
        {children}
      </div>
    </FloatingPanel>
  );
}
