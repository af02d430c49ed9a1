'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

const NEAR_BOTTOM_PX = 48;
/** Farther than this many screens, "Jump to latest" goes at once instead of scrolling smoothly. */
const SMOOTH_SCREENS = 3;

/**
 * Follows new content while the reader is at the bottom; stops as soon as they scroll up, and
 * offers a way back. Growth is observed on the content, so it costs nothing per token.
 */
export function useStickToBottom() {
  const containerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // A smooth jump in flight: its own scroll events are not the reader scrolling up. In a virtual
  // list the bottom moves while it runs (rows measure on the way), so it is finished on arrival.
  const jumping = useRef(false);
  const [atBottom, setAtBottom] = useState(true);

  useEffect(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!container || !content) return;
    const distance = () => container.scrollHeight - container.scrollTop - container.clientHeight;
    // Only the reader scrolling up leaves the bottom. A window resized (a phone turned, a
    // desktop window narrowed) reflows the list, and rows above the view measured anew move the
    // scroll position down: neither is the reader, so a reader at the bottom stays there.
    const boxOf = () => `${container.clientWidth}x${container.clientHeight}`;
    let box = boxOf();
    let lastTop = container.scrollTop;
    const onScroll = () => {
      const top = container.scrollTop;
      const wentUp = top < lastTop;
      lastTop = top;
      const resized = boxOf() !== box;
      box = boxOf();
      const near = distance() < NEAR_BOTTOM_PX;
      if (jumping.current) {
        if (near) jumping.current = false;
        return;
      }
      if (stick.current && !near && (resized || !wentUp)) {
        container.scrollTop = container.scrollHeight;
        return;
      }
      stick.current = near;
      setAtBottom(near);
    };
    const onScrollEnd = () => {
      if (!jumping.current) return;
      jumping.current = false;
      if (distance() >= NEAR_BOTTOM_PX) container.scrollTop = container.scrollHeight;
    };
    // The reader taking over ends a jump.
    const onInput = () => {
      jumping.current = false;
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    container.addEventListener('scrollend', onScrollEnd);
    container.addEventListener('wheel', onInput, { passive: true });
    container.addEventListener('touchstart', onInput, { passive: true });
    const observer = new ResizeObserver(() => {
      if (stick.current) container.scrollTop = container.scrollHeight;
    });
    observer.observe(content);
    observer.observe(container);
    container.scrollTop = container.scrollHeight;
    return () => {
      container.removeEventListener('scroll', onScroll);
      container.removeEventListener('scrollend', onScrollEnd);
      container.removeEventListener('wheel', onInput);
      container.removeEventListener('touchstart', onInput);
      observer.disconnect();
    };
  }, []);

  const jumpToLatest = useCallback((smooth = true) => {
    const container = containerRef.current;
    stick.current = true;
    setAtBottom(true);
    if (!container) return;
    const far =
      container.scrollHeight - container.scrollTop > SMOOTH_SCREENS * container.clientHeight;
    const behavior = smooth && !far ? 'smooth' : 'auto';
    jumping.current = behavior === 'smooth';
    container.scrollTo({ top: container.scrollHeight, behavior });
  }, []);

  /**
   * Brings the end into view unless the reader has left it: what the ResizeObserver does in the
   * frame, for a caller that has just grown the content in its own task (MessageList), so the
   * frame that paints the growth also dispatches the scroll and the observer finds nothing to do.
   */
  const follow = useCallback(() => {
    const container = containerRef.current;
    if (container && stick.current) container.scrollTop = container.scrollHeight;
  }, []);

  return { containerRef, contentRef, atBottom, jumpToLatest, follow };
}
