// The page's side of the highlighting worker: one worker, started on the first code block that
// needs colour, answering requests by id. A worker that fails to start or dies leaves every
// code block (waiting or later) as plain text; highlighting never moves back onto the page.
import type { HighlightedLines } from './highlight';
import type { HighlightRequest, HighlightResponse } from './highlight-protocol';

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const waiting = new Map<number, (lines: HighlightedLines | null) => void>();

function giveUp() {
  broken = true;
  worker?.terminate();
  worker = null;
  for (const resolve of waiting.values()) resolve(null);
  waiting.clear();
}

function start(): Worker | null {
  if (worker || broken) return worker;
  try {
    worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    giveUp();
    return null;
  }
  worker.onmessage = (event: MessageEvent<HighlightResponse>) => {
    const { id, lines } = event.data;
    waiting.get(id)?.(lines);
    waiting.delete(id);
  };
  worker.onerror = giveUp;
  worker.onmessageerror = giveUp;
  return worker;
}

/** Tokens for `code`, computed off the main thread; null leaves the block plain. */
export function highlightOffThread(
  code: string,
  language: string,
): Promise<HighlightedLines | null> {
  // Outside a browser (unit tests in happy-dom) there are no workers: highlight in place.
  if (typeof Worker === 'undefined') {
    return import('./highlight').then(({ highlight }) => highlight(code, language));
  }
  const target = start();
  if (!target) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    const request: HighlightRequest = { id, code, language };
    target.postMessage(request);
  });
}

/** Forgets the worker and its failure (tests). */
export function resetHighlightWorker(): void {
  worker?.terminate();
  worker = null;
  broken = false;
  waiting.clear();
}
