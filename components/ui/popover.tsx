'use client';
import {
  autoUpdate,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useFloating,
} from '@floating-ui/react-dom';
import type { CSSProperties } from 'react';

// The one way a panel opens beside its button (menus, the tools panel): Floating UI places it
// on the side where it fits, flips it when it does not, shifts it along to stay on screen and
// caps its height to the room left (it scrolls inside), and follows scrolling and resizing.
// Fixed positioning: an ancestor's `overflow` cannot clip it.

const EDGE = 8;

export interface PopoverOptions {
  open: boolean;
  /** Where the panel goes when there is room; it flips and shifts when there is not. */
  placement?: Placement;
}

export function usePopover({ open, placement = 'bottom-end' }: PopoverOptions) {
  const { refs, floatingStyles, isPositioned } = useFloating<HTMLElement>({
    open,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableHeight, availableWidth, elements }) {
          elements.floating.style.maxHeight = `${Math.max(0, availableHeight)}px`;
          elements.floating.style.maxWidth = `${Math.max(0, availableWidth)}px`;
        },
      }),
    ],
  });
  // Hidden until placed: a first frame at (0, 0) would flash in the corner.
  const style: CSSProperties = {
    ...floatingStyles,
    visibility: isPositioned ? undefined : 'hidden',
  };
  return { setAnchor: refs.setReference, setPanel: refs.setFloating, style, placed: isPositioned };
}
