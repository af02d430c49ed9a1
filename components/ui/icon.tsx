import { createElement } from 'react';

/** One Lucide icon: its SVG shapes, as the set's per-icon modules export them. */
export type IconNode = [tag: string, attrs: Record<string, string | number | undefined>][];

interface Props {
  /** An icon of the Lucide set: `import Paperclip from 'lucide/dist/esm/icons/paperclip.mjs'`. */
  icon: IconNode;
  className?: string;
  strokeWidth?: number;
}

/**
 * Draws a Lucide icon. Decorative: the button around it carries the name. The set's own React
 * package adds about 1.5 KB of first-load script (a context, class merging, a component per
 * icon); its plain data per icon and these lines draw the same SVG.
 */
export function Icon({ icon, className = 'size-5', strokeWidth = 2 }: Props) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {icon.map(([tag, attrs], i) =>
        // The set's shapes are fixed and never reordered, so their index is a stable key.
        createElement(tag, { key: i, ...attrs }),
      )}
    </svg>
  );
}
