'use client';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { Placement } from '@floating-ui/react-dom';
import { onDemand } from './on-demand';
import { useDismiss } from './use-dismiss';

const floatingPanel = onDemand(
  () => import('./floating-panel').then((module) => module.FloatingPanel),
  'Menu',
);
const FloatingPanel = floatingPanel.Component;

// A menu button (the WAI-ARIA menu pattern): the button opens a `menu` of `menuitem`s placed by
// the popover primitive. Opening moves focus to the first item (ArrowUp on the button: the
// last); ArrowDown/ArrowUp move through the items and wrap, Home/End go to the ends, a
// letter to the next item starting with it; Escape closes and gives focus back to the button;
// Tab closes and moves on.

export const triggerClass =
  'rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800';
export const itemClass =
  'block w-full rounded-md px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-60 aria-disabled:opacity-60 dark:hover:bg-zinc-800';

const ITEMS = '[role^="menuitem"]:not([aria-disabled="true"])';
const itemsOf = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

interface MenuProps {
  /** Visible content of the button. */
  trigger: ReactNode;
  /** Accessible name of the button when its content is an icon or not the whole story. */
  triggerLabel?: string;
  /** Shown above the items, outside the menu itself (e.g. who is signed in). */
  header?: ReactNode;
  placement?: Placement;
  /** The items (MenuItem, MenuGroup); `close` hides the menu and gives focus back. */
  children(close: () => void): ReactNode;
}

export function Menu({ trigger, triggerLabel, header, placement, children }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonId = useId();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState(false);

  const close = useCallback(() => {
    setOpen(false);
    setPlaced(false);
    button.current?.focus();
  }, []);
  useDismiss(open !== false, root, () => {
    setOpen(false);
    setPlaced(false);
  });
  const onPlaced = useCallback(() => setPlaced(true), []);

  // Focus goes into the menu once it is placed (a hidden element cannot take focus).
  useEffect(() => {
    if (!open || !placed) return;
    const list = itemsOf(menu.current);
    (open === 'last' ? list.at(-1) : list[0])?.focus();
  }, [open, placed]);

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
        setPlaced(false);
        return setOpen(false);
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
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the open menu
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          close();
        }
      }}
    >
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setPlaced(false);
          setOpen((o) => (o ? false : 'first'));
        }}
        onPointerEnter={floatingPanel.preload}
        onFocus={floatingPanel.preload}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
        className={triggerClass}
      >
        {trigger}
      </button>
      {open ? (
        <FloatingPanel
          anchor={button.current}
          placement={placement}
          onPlaced={onPlaced}
          className="z-40 w-56 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {header}
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            tabIndex={-1}
            onKeyDown={onMenuKey}
            className="flex flex-col gap-0.5"
          >
            {children(close)}
          </div>
        </FloatingPanel>
      ) : null}
    </div>
  );
}

interface ItemProps {
  children: ReactNode;
  onSelect(): void;
  className?: string;
  disabled?: boolean;
  onPointerEnter?(): void;
  onFocus?(): void;
}

/** One action of a Menu: a button with the menuitem role, reached with the arrow keys. */
export function MenuItem({ children, onSelect, className = '', disabled, ...rest }: ItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      className={`${itemClass} ${className}`}
      onClick={() => {
        if (!disabled) onSelect();
      }}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A choice of one among several inside a Menu (e.g. the theme): menuitemradio items. */
export function MenuRadioGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a menu's group of items (a fieldset is a form's)
    <div
      role="group"
      aria-label={label}
      className="mt-1 border-t border-zinc-200 pt-1 dark:border-zinc-700"
    >
      <span aria-hidden="true" className="block px-3 py-1 text-xs text-zinc-600 dark:text-zinc-400">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="menuitemradio"
          aria-checked={option.value === value}
          tabIndex={-1}
          className={`${itemClass} flex items-center gap-2`}
          onClick={() => onChange(option.value)}
        >
          <span aria-hidden="true" className="w-3">
            {option.value === value ? '✓' : ''}
          </span>
          {option.label}
        </button>
      ))}
    </div>
  );
}
