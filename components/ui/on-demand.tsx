'use client';
import { type ComponentType, useCallback, useEffect, useState } from 'react';

// Dialogs and panels that only a click shows are chunks of their own, loaded on first use (or
// earlier: `preload` on hover, focus or idle), so the chat page does not wait for them.

const SHOW_LOADING_AFTER_MS = 250;

export interface OnDemand<P> {
  /** Renders the component once loaded; until then a "Loading…" notice (after a short delay). */
  Component: ComponentType<P>;
  /** Starts loading (once); call it where the user is about to need the component. */
  preload(): void;
}

/** Call at module level (once per component), like React.lazy. */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchComponent = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null; // the next try loads again
        throw error;
      },
    );
    return loading;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, like React.lazy
  function Component(props: P) {
    // A function in state must be wrapped, or React would call it as an updater.
    const [found, setFound] = useState<{ C: ComponentType<P> } | null>(() =>
      loaded ? { C: loaded } : null,
    );
    const [failed, setFailed] = useState(false);
    // Setting state after unmounting is a no-op, so no cancellation is needed.
    const start = useCallback(() => {
      setFailed(false);
      fetchComponent().then(
        (C) => setFound({ C }),
        () => setFailed(true),
      );
    }, []);
    useEffect(() => {
      if (!found) start();
    }, [found, start]);
    if (found) return <found.C {...props} />;
    return <LoadingNotice name={name} failed={failed} onRetry={start} />;
  }
  Component.displayName = `OnDemand(${name})`;

  return { Component, preload: () => void fetchComponent().catch(() => {}) };
}

const NOTICE =
  'fixed inset-x-0 top-16 z-[60] mx-auto w-fit rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm shadow dark:border-zinc-700 dark:bg-zinc-900';

function LoadingNotice({
  name,
  failed,
  onRetry,
}: {
  name: string;
  failed: boolean;
  onRetry(): void;
}) {
  // Shown only if loading takes a moment: a fast load should not flash a notice. Live regions,
  // not roles: the toaster owns the page's status and alert roles.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SHOW_LOADING_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (failed)
    return (
      <div aria-live="assertive" className={NOTICE}>
        {name} could not be loaded.{' '}
        <button type="button" className="underline" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  return (
    <div aria-live="polite" className={visible ? NOTICE : 'sr-only'}>
      Loading {name.toLowerCase()}…
    </div>
  );
}
