import { describe, expect, it } from 'vitest';
import { initialStreamState, type StreamState, step } from '@/lib/openai/accumulate';
import type { ChatCompletionChunk } from '@/lib/openai/types';
import { createReasoningClock, fieldsFromStream } from './from-stream';

const fold = (chunks: ChatCompletionChunk[]): StreamState =>
  chunks.reduce((s, c) => step(s, c).state, initialStreamState());
const content = (text: string, extra: Record<string, unknown> = {}): ChatCompletionChunk => ({
  choices: [{ index: 0, delta: { content: text }, finish_reason: null, ...extra }],
});

describe('fieldsFromStream', () => {
  it('ends a flagged answer as content_filter and keeps its partial text', () => {
    const state = fold([
      content('Here is part'),
      content('', { content_filter_results: { violence: { filtered: true, severity: 'high' } } }),
    ]);
    expect(fieldsFromStream(state)).toMatchObject({
      content: 'Here is part',
      finishReason: 'content_filter',
    });
  });

  it('keeps the raw finish reason otherwise', () => {
    const state = fold([
      content('Hi', { content_filter_results: {} }),
      { choices: [{ index: 0, delta: {}, finish_reason: 'length' }] },
    ]);
    expect(fieldsFromStream(state).finishReason).toBe('length');
  });
});

describe('reasoning clock', () => {
  it('times a think block in content exactly like reasoning_content', () => {
    const times = [1_000, 4_000];
    const clock = createReasoningClock(() => times.shift() ?? 9_999);
    let state = initialStreamState();
    const seen: Array<ReturnType<typeof fieldsFromStream>> = [];
    for (const piece of ['<th', 'ink>Let me', ' think.</think>', '\n\nAnswer']) {
      state = step(state, content(piece)).state;
      const fields = fieldsFromStream(state);
      clock.update(fields);
      seen.push(fields);
    }
    expect(seen.map((f) => [f.reasoning, f.content])).toEqual([
      [null, ''],
      ['Let me', ''],
      ['Let me think.', ''],
      ['Let me think.', 'Answer'],
    ]);
    expect(clock.value()).toBe(3_000);
  });
});
