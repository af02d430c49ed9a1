import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HighlightedLines } from './highlight';
import { highlightOffThread, resetHighlightWorker } from './highlight-client';
import { answerHighlight, type HighlightRequest } from './highlight-protocol';

const LINES: HighlightedLines = [[{ content: 'const', light: '#000001', dark: '#000002' }]];

let created = 0;

/** A worker speaking the real protocol (answerHighlight), answering out of order. */
class EchoWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessageerror: (() => void) | null = null;
  constructor() {
    created++;
  }
  postMessage(request: HighlightRequest) {
    const delay = request.code === 'slow' ? 20 : 0;
    setTimeout(() => {
      void answerHighlight(request, async (code) =>
        code === 'boom' ? Promise.reject(new Error()) : LINES,
      ).then((response) => this.onmessage?.({ data: response }));
    }, delay);
  }
  terminate() {}
}

/** A worker whose script fails to load: it reports an error and never answers. */
class BrokenWorker extends EchoWorker {
  override postMessage() {
    setTimeout(() => this.onerror?.(), 0);
  }
}

afterEach(() => {
  resetHighlightWorker();
  vi.unstubAllGlobals();
  created = 0;
});

describe('highlightOffThread', () => {
  it('answers each request with its own tokens, from one worker', async () => {
    vi.stubGlobal('Worker', EchoWorker);
    const [slow, fast] = await Promise.all([
      highlightOffThread('slow', 'ts'),
      highlightOffThread('fast', 'ts'),
    ]);
    expect(slow).toEqual(LINES);
    expect(fast).toEqual(LINES);
    expect(created).toBe(1);
  });

  it('leaves a block plain when highlighting it fails in the worker', async () => {
    vi.stubGlobal('Worker', EchoWorker);
    expect(await highlightOffThread('boom', 'ts')).toBeNull();
  });

  it('leaves every block plain, waiting or later, once the worker has failed', async () => {
    vi.stubGlobal('Worker', BrokenWorker);
    const waiting = [highlightOffThread('a', 'ts'), highlightOffThread('b', 'ts')];
    expect(await Promise.all(waiting)).toEqual([null, null]);
    expect(await highlightOffThread('c', 'ts')).toBeNull();
    // No new worker is started for later blocks, and nothing runs on the page instead.
    expect(created).toBe(1);
  });

  it('leaves blocks plain when the worker cannot be created (e.g. refused by policy)', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('refused');
        }
      },
    );
    expect(await highlightOffThread('a', 'ts')).toBeNull();
  });
});
