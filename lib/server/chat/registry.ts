import 'server-only';

// Live generations in this process, so a Stop request (a separate HTTP request) can reach the
// generation it names. Kept on globalThis so Next's dev reloads do not orphan running streams.

export type StopReason = 'stop' | 'deadline';

interface Entry {
  controller: AbortController;
  finished: Promise<void>;
}

const KEY = Symbol.for('parley.generations');
type WithRegistry = typeof globalThis & { [KEY]?: Map<string, Entry> };

function registry(): Map<string, Entry> {
  const g = globalThis as WithRegistry;
  g[KEY] ??= new Map();
  return g[KEY];
}

export function registerGeneration(
  messageId: string,
  controller: AbortController,
  finished: Promise<void>,
) {
  registry().set(messageId, { controller, finished });
  finished.finally(() => {
    if (registry().get(messageId)?.controller === controller) registry().delete(messageId);
  });
}

/** Aborts a live generation and waits until its final state is saved. False when none is live here. */
export async function stopGeneration(
  messageId: string,
  reason: StopReason = 'stop',
): Promise<boolean> {
  const entry = registry().get(messageId);
  if (!entry) return false;
  entry.controller.abort(reason);
  await entry.finished;
  return true;
}

export function isGenerating(messageId: string): boolean {
  return registry().has(messageId);
}
