'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

const NEAR_BOTTOM_PX = 48;

/**
 * Follows new content while the reader is at the bottom; stops as soon as they scroll up, and
 * offers a way back. Growth is observed on the content, so it costs nothing per token.
 */
export function useStickToBottom() {
  const containerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  useEffect(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!container || !content) return;
    const onScroll = () => {
      const near =
        container.scrollHeight - container.scrollTop - container.clientHeight < NEAR_BOTTOM_PX;
      stick.current = near;
      setAtBottom(near);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      if (stick.current) container.scrollTop = container.scrollHeight;
    });
    observer.observe(content);
    container.scrollTop = container.scrollHeight;
    return () => {
      container.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, []);

  const jumpToLatest = useCallback((smooth = true) => {
    const container = containerRef.current;
    stick.current = true;
    setAtBottom(true);
    container?.scrollTo({ top: container.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
  }, []);

  return { containerRef, contentRef, atBottom, jumpToLatest };
}
