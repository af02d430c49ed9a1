import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialStreamState, type StreamState, step } from './accumulate';
import { createChunkCoalescer, mergeChunks } from './merge-chunks';
import { foldSSE } from './testing/fold-sse';
import type { NormalizedChunk } from './types';

const dir = fileURLToPath(new URL('../../e2e/fixtures/streams', import.meta.url));
const enc = new TextEncoder();

/** What the browser builds from the server's chunks (they carry no think tags any more). */
function replay(chunks: NormalizedChunk[]): StreamState {
  let state = initialStreamState({ thinkTags: false });
  for (const chunk of chunks) state = step(state, chunk).state;
  return state;
}

const chunk = (
  delta: NormalizedChunk['choices'][number]['delta'],
  extra = {},
): NormalizedChunk => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  system_fingerprint: null,
  choices: [{ index: 0, delta, finish_reason: null, logprobs: null }],
  ...extra,
});

describe('mergeChunks', () => {
  it('folds text of one channel, keeping the role of the first', () => {
    expect(mergeChunks(chunk({ role: 'assistant' }), chunk({ content: 'a' }))).toEqual(
      chunk({ role: 'assistant', content: 'a' }),
    );
    expect(mergeChunks(chunk({ content: 'a' }), chunk({ content: 'b' }))).toEqual(
      chunk({ content: 'ab' }),
    );
    expect(mergeChunks(chunk({ content: 'a' }), chunk({}))).toEqual(chunk({ content: 'a' }));
  });

  it.each([
    ['a change of channel', chunk({ reasoning_content: 'a' }), chunk({ content: 'b' })],
    [
      'a finish reason',
      chunk({ content: 'a' }),
      { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }] },
    ],
    [
      'usage',
      chunk({ content: 'a' }),
      chunk({}, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }),
    ],
    [
      'tool calls',
      chunk({ content: 'a' }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{' } }] }),
    ],
    ['a role', chunk({ content: 'a' }), chunk({ role: 'assistant' })],
    [
      'another choice',
      chunk({ content: 'a' }),
      {
        ...chunk({ content: 'b' }),
        choices: [{ index: 1, delta: { content: 'b' }, finish_reason: null, logprobs: null }],
      },
    ],
  ])('keeps apart %s', (_, a, b) => {
    expect(mergeChunks(a, b as NormalizedChunk)).toBeNull();
  });
});

describe('createChunkCoalescer over every recorded stream', () => {
  const names = readdirSync(dir).filter((n) => n.endsWith('.sse'));
  it.each(names)('%s: the coalesced chunks rebuild the same answer', (name) => {
    const { normalized } = foldSSE([enc.encode(readFileSync(`${dir}/${name}`, 'utf8'))]);
    const coalescer = createChunkCoalescer();
    for (const c of normalized) coalescer.push(c);
    const merged = coalescer.take();
    expect(merged.length).toBeLessThanOrEqual(normalized.length);
    const a = replay(normalized);
    const b = replay(merged);
    expect(b.choices).toEqual(a.choices);
    expect(b.usage).toEqual(a.usage);
    expect(b.error).toEqual(a.error);
    expect(b.contentFiltered).toBe(a.contentFiltered);
    expect(coalescer.take()).toEqual([]);
  });

  /** The coalescer as first written: each chunk folded into the last with mergeChunks. */
  function pairwise(chunks: NormalizedChunk[]): NormalizedChunk[] {
    const out: NormalizedChunk[] = [];
    for (const c of chunks) {
      const last = out.at(-1);
      const merged = last ? mergeChunks(last, c) : null;
      if (merged) out[out.length - 1] = merged;
      else out.push(c);
    }
    return out;
  }

  it.each(names)('%s: the same chunks as folding them pairwise', (name) => {
    const { normalized } = foldSSE([enc.encode(readFileSync(`${dir}/${name}`, 'utf8'))]);
    const coalescer = createChunkCoalescer();
    for (const c of normalized) coalescer.push(c);
    expect(coalescer.take()).toEqual(pairwise(normalized));
  });

  it('folds exactly where mergeChunks does, in runs cut by every kind of chunk', () => {
    const cuts: NormalizedChunk[] = [
      chunk({ role: 'assistant' }),
      chunk({ role: 'assistant', content: 'again' }),
      chunk({ reasoning_content: 'thinking ' }),
      chunk({ refusal: 'no ' }),
      chunk({}),
      chunk({ content: '' }),
      chunk({ content: 'other id ' }, { id: 'd' }),
      chunk({ content: 'other model ' }, { model: 'n' }),
      chunk({ content: 'later ' }, { created: 2 }),
      chunk({ content: 'fp ' }, { system_fingerprint: 'fp_1' }),
      chunk({ content: 'a', reasoning_content: 'b' }),
      chunk({ tool_calls: [{ index: 0, id: 't', type: 'function', function: { name: 'f' } }] }),
      chunk({}, { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }),
      { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }] },
      {
        ...chunk({}),
        choices: [{ index: 1, delta: { content: 'x' }, finish_reason: null, logprobs: null }],
      },
      { ...chunk({}), choices: [] },
    ];
    // A fixed pseudo-random walk through text and cuts, taken at uneven points as the pacer
    // takes: the same every run.
    let seed = 7;
    const next = () => {
      // 32-bit arithmetic: a plain product would outgrow a double's exact integers.
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    const segments: NormalizedChunk[][] = [[]];
    for (let i = 0; i < 2_000; i++) {
      const c = next() % 10 < 6 ? chunk({ content: `t${i} ` }) : cuts[next() % cuts.length];
      segments.at(-1)?.push(c as NormalizedChunk);
      if (next() % 50 === 0) segments.push([]);
    }
    const coalescer = createChunkCoalescer();
    const taken = segments.flatMap((segment) => {
      for (const c of segment) coalescer.push(c);
      return coalescer.take();
    });
    const expected = segments.flatMap(pairwise);
    expect(taken).toEqual(expected);
    // The walk has runs to fold, and cuts between them.
    expect(expected.length).toBeLessThan(segments.flat().length);
    expect(expected.length).toBeGreaterThan(segments.length * 2);
  });

  it('turns a run of one-token chunks into one', () => {
    const coalescer = createChunkCoalescer();
    coalescer.push(chunk({ role: 'assistant' }));
    for (let i = 0; i < 100; i++) coalescer.push(chunk({ content: `t${i} ` }));
    const out = coalescer.take();
    expect(out).toHaveLength(1);
    expect(out[0]?.choices[0]?.delta.content).toBe(
      Array.from({ length: 100 }, (_, i) => `t${i} `).join(''),
    );
  });
});
