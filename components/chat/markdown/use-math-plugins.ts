import { useEffect, useSyncExternalStore } from 'react';
import type { PluginSet } from './plugins';

// KaTeX and remark-math load once, on the first message that needs them. Until then math renders
// as its source text; every subscribed message re-renders when the plugins arrive.

let loaded: PluginSet | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => loaded;
const getServerSnapshot = () => null;

export function loadMathPlugins(): Promise<void> {
  loading ??= import('./math-plugins').then(
    (module) => {
      loaded = module.mathPlugins;
      for (const listener of listeners) listener();
    },
    () => {
      // A failed chunk load (e.g. offline) may be retried by the next message that needs math.
      loading = null;
    },
  );
  return loading;
}

/** The math plugin set once loaded, starting the load when `needed`; null until then. */
export function useMathPlugins(needed: boolean): PluginSet | null {
  const plugins = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  useEffect(() => {
    if (needed && !loaded) void loadMathPlugins();
  }, [needed]);
  return plugins;
}
