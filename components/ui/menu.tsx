'use client';
import type { Placement } from '@floating-ui/react-dom';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { onDemand } from './on-demand';
import { useDismiss } from './use-dismiss';

const menuPanel = onDemand(() => import('./menu-panel').then((module) => module.MenuPanel), 'Menu');
const MenuPanel = menuPanel.Component;

// A menu button (the WAI-ARIA menu pattern): the button opens a `menu` of `menuitem`s placed by
// the popover primitive (menu-panel.tsx, which also moves through the items with the keys).
// Opening moves focus to the first item (ArrowUp on the button: the last); Escape closes and
// gives focus back to the button.

export const triggerClass =
  'rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800';
export const itemClass =
  'block w-full rounded-md px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-60 aria-disabled:opacity-60 dark:hover:bg-zinc-800';

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

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  useDismiss(open !== false, root, dismiss);

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
        onClick={() => setOpen((o) => (o ? false : 'first'))}
        onPointerEnter={menuPanel.preload}
        onFocus={menuPanel.preload}
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
        <MenuPanel
          anchor={button.current}
          placement={placement}
          menuId={menuId}
          labelledBy={buttonId}
          start={open}
          header={header}
          onTab={dismiss}
        >
          {children(close)}
        </MenuPanel>
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
