import { describe, expect, it } from 'vitest';
import { accumulate, initialStreamState, type StreamState, step } from './accumulate';
import type { ChatCompletionChunk, ChunkChoice } from './types';

function run(
  chunks: ChatCompletionChunk[],
  start: StreamState = initialStreamState(),
): StreamState {
  return chunks.reduce((s, c) => step(s, c).state, start);
}

const delta = (d: ChunkChoice['delta'], index = 0): ChatCompletionChunk => ({
  id: 'c',
  choices: [{ index, delta: d, finish_reason: null }],
});

describe('immutability and identity', () => {
  it('never mutates the previous state', () => {
    const before = run([delta({ role: 'assistant', content: 'a' })]);
    const snapshot = structuredClone(before);
    step(
      before,
      delta({ content: 'b', tool_calls: [{ index: 0, id: 't', function: { name: 'f' } }] }),
    );
    expect(before).toEqual(snapshot);
  });

  it('keeps references of untouched parts', () => {
    const s1 = run([
      delta({ content: 'a' }, 0),
      delta({ content: 'b' }, 1),
      delta({ tool_calls: [{ index: 0, id: 't', function: { name: 'f', arguments: '' } }] }, 0),
    ]);
    const s2 = step(s1, delta({ content: 'c' }, 1)).state;
    expect(s2.choices).not.toBe(s1.choices);
    expect(s2.choices[0]).toBe(s1.choices[0]);
    expect(s2.choices[1]).not.toBe(s1.choices[1]);
    const s3 = step(s2, delta({ content: 'd' }, 0)).state;
    expect(s3.choices[0]?.toolCalls).toBe(s2.choices[0]?.toolCalls);
    const s4 = step(s3, { choices: [], usage: null }).state;
    expect(s4.choices).toBe(s3.choices);
  });
});

describe('accumulate', () => {
  it('applies chunks, marks done and ignores invalid events', () => {
    let s = initialStreamState();
    s = accumulate(s, { type: 'chunk', chunk: delta({ content: 'x' }) });
    const beforeInvalid = s;
    s = accumulate(s, { type: 'invalid', data: '{', reason: 'malformed JSON' });
    expect(s).toBe(beforeInvalid);
    s = accumulate(s, { type: 'done' });
    expect(s.doneReceived).toBe(true);
    expect(accumulate(s, { type: 'done' })).toBe(s);
    expect(s.choices[0]?.content).toBe('x');
  });
});

describe('normalized chunk', () => {
  it('is seed-shaped and carries only this chunk’s contribution', () => {
    const s1 = run([{ ...delta({ role: 'assistant' }), id: 'id1', model: 'm', created: 9 }]);
    const { normalized } = step(s1, {
      choices: [
        {
          index: 0,
          delta: {
            role: 'assistant',
            content: [{ type: 'text', text: 'hi' }],
            reasoning: 'r',
            reasoning_details: [{ type: 'reasoning.text', text: 'r' }],
          },
          finish_reason: 'stop',
          logprobs: { content: [] },
        },
      ],
      x_vendor: { usage: { total_tokens: 3 } },
    });
    expect(normalized).toEqual({
      id: 'id1',
      object: 'chat.completion.chunk',
      created: 9,
      model: 'm',
      system_fingerprint: null,
      choices: [
        {
          index: 0,
          delta: { content: 'hi', reasoning_content: 'r' },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { total_tokens: 3 },
    });
  });
});
