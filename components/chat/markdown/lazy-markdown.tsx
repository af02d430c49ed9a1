'use client';

import { type ComponentType, lazy, memo, Suspense } from 'react';
import type { MarkdownProps } from './markdown';

// The markdown renderer (react-markdown, micromark, GFM: about 50 KB gzipped) is a chunk of its
// own, so the chat page is usable before it arrives. It starts loading when the browser is idle
// after the page has hydrated (ChatScreen), or when the first message needs it. Until then a
// message shows its text as plain text, never nothing. The server renders the real markdown, and
// a server-rendered message keeps that HTML until the chunk has loaded (Suspense hydration).

type MarkdownModule = typeof import('./markdown');

let loaded: MarkdownModule | null = null;
let loading: Promise<MarkdownModule> | null = null;

/** Starts loading the renderer (once); resolves when it is ready. */
export function preloadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./markdown').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed chunk load (e.g. offline) may be tried again by the next message.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the renderer once the browser is idle (within 2 s at the latest), so the first answer
 * of a new chat does not wait for it. Returns a cancel function (an effect's cleanup).
 */
export function preloadMarkdownWhenIdle(): () => void {
  const start = () => void preloadMarkdown().catch(() => {});
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}

// The server has the module at hand: render markdown there, never the plain fallback.
if (typeof window === 'undefined') void preloadMarkdown().catch(() => {});

type Loaded = { default: ComponentType<MarkdownProps> };

function PlainText({ text, className }: MarkdownProps) {
  return (
    <div
      data-markdown-pending=""
      className={`min-w-0 break-words whitespace-pre-wrap ${className ?? ''}`}
    >
      {text}
    </div>
  );
}

// Once the module is here, React.lazy gets a thenable that calls back synchronously, so a message
// that mounts later (a new answer, a scrolled-in row) renders markdown at once without suspending.
const Renderer = lazy((): Promise<Loaded> => {
  const ready = loaded;
  if (!ready)
    return preloadMarkdown().then(
      (module) => ({ default: module.Markdown }),
      // The chunk did not load (offline): answers stay readable as plain text until a reload.
      () => ({ default: PlainText }),
    );
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (see above)
  const now = { then: (resolve: (value: Loaded) => void) => resolve({ default: ready.Markdown }) };
  return now as unknown as Promise<Loaded>;
});

/** Model output as markdown; same props as the renderer it loads on demand. */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<PlainText {...props} />}>
      <Renderer {...props} />
    </Suspense>
  );
});
