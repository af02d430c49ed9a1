import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NormalizedChunk } from '@/lib/openai/types';
import { createChunkPacer } from './chunk-pacer';

const chunk = (content: string): NormalizedChunk => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  system_fingerprint: null,
  choices: [{ index: 0, delta: { content }, finish_reason: null, logprobs: null }],
});
const contentOf = (frame: string) =>
  (JSON.parse(frame.replace(/^data: /, '')) as NormalizedChunk).choices[0]?.delta.content;

describe('createChunkPacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first chunk at once, then at most one write per window with what arrived', () => {
    const sent: string[] = [];
    const pacer = createChunkPacer(
      (f) => sent.push(f),
      40,
      () => Date.now(),
    );
    pacer.push(chunk('a'));
    pacer.flushSoon();
    expect(sent.map(contentOf)).toEqual(['a']);

    // 100 tokens/s: four more tokens inside the window go out together when it ends.
    for (const t of ['b', 'c', 'd', 'e']) {
      vi.advanceTimersByTime(8);
      pacer.push(chunk(t));
      pacer.flushSoon();
    }
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(8);
    expect(sent.map(contentOf)).toEqual(['a', 'bcde']);

    // A quiet window later, a token goes at once again.
    vi.advanceTimersByTime(100);
    pacer.push(chunk('f'));
    pacer.flushSoon();
    expect(sent.map(contentOf)).toEqual(['a', 'bcde', 'f']);
  });

  it('flush sends what waits right away, and the window timer then sends nothing twice', () => {
    const sent: string[] = [];
    const pacer = createChunkPacer(
      (f) => sent.push(f),
      40,
      () => Date.now(),
    );
    pacer.push(chunk('a'));
    pacer.flushSoon();
    pacer.push(chunk('b'));
    pacer.flushSoon();
    pacer.flush();
    expect(sent.map(contentOf)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(100);
    pacer.flush();
    expect(sent).toHaveLength(2);
  });

  it('keeps chunks that must stay apart, in order', () => {
    const sent: string[] = [];
    const pacer = createChunkPacer(
      (f) => sent.push(f),
      40,
      () => Date.now(),
    );
    pacer.push(chunk('a'));
    pacer.push({
      ...chunk(''),
      choices: [{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }],
    });
    pacer.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain('"finish_reason":"stop"');
  });
});
