'use client';
import type { Placement } from '@floating-ui/react-dom';
import { type ReactNode, useEffect } from 'react';
import { usePopover } from './popover';

// The positioned panel of a menu or popover, in a chunk of its own: Floating UI loads when a
// panel first opens (or its button is reached), not with the page.

export interface FloatingPanelProps {
  anchor: HTMLElement | null;
  placement?: Placement;
  className: string;
  /** Called once the panel is placed (it is hidden until then, so it cannot take focus). */
  onPlaced?(): void;
  children: ReactNode;
}

export function FloatingPanel({
  anchor,
  placement,
  className,
  onPlaced,
  children,
}: FloatingPanelProps) {
  const popover = usePopover({ open: true, placement });
  const { setAnchor, placed } = popover;
  useEffect(() => setAnchor(anchor), [setAnchor, anchor]);
  useEffect(() => {
    if (placed) onPlaced?.();
  }, [placed, onPlaced]);
  return (
    <div ref={popover.setPanel} style={popover.style} className={className}>
      {children}
    </div>
  );
}
