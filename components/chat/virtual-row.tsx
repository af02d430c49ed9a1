'use client';
import { type ReactNode, type Ref, useState } from 'react';

// While an answer streams, the reader sees its end: the markdown above it needs no style,
// layout or paint on every token (content-visibility, on each group of blocks: markdown.tsx).
// `auto` keeps each group's last rendered size, so the scroll height stays true. Only for a row
// that streamed while it was in the DOM: every group was rendered once at the bottom, so none
// grows when scrolled back into view (a saved answer opened at its end would, and would push the
// text on screen down).
// Each block in a group is a stacking context too (`isolation`), so Chromium paints it as a
// layer of its own: a token repaints the block being written, and the other blocks of its
// group are replayed from their last paint as a whole, not walked item by item every frame.
const STREAMED_TEXT =
  '[&_[data-markdown]>*]:[content-visibility:auto] [&_[data-markdown]>*]:[contain-intrinsic-size:auto_3rem] [&_[data-markdown-group]>*]:isolate';

interface Props {
  rowKey: string;
  index: number;
  start: number;
  /** The row streams right now. */
  live: boolean;
  measure: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** One positioned row of the virtual message list. */
export function VirtualRow({ rowKey, index, start, live, measure, children }: Props) {
  // Decided at mount and kept: the saved copy takes over this same row after the stream.
  const [streamedHere] = useState(live);
  return (
    <div
      ref={measure}
      data-index={index}
      data-row-key={rowKey}
      className={`absolute top-0 left-0 flex w-full flex-col gap-turn px-gutter ${streamedHere ? STREAMED_TEXT : ''}`}
      // As the virtualizer writes it between renders (use-row-virtualizer.ts: directDomUpdates).
      style={{ transform: `translate3d(0, ${start}px, 0)` }}
    >
      {children}
    </div>
  );
}
