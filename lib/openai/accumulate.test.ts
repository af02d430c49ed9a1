import { describe, expect, it } from 'vitest';
import { finalStatus, initialStreamState, type StreamState, step } from './accumulate';
import type { ChatCompletionChunk, ChunkChoice } from './types';

function run(
  chunks: ChatCompletionChunk[],
  start: StreamState = initialStreamState(),
): StreamState {
  return chunks.reduce((s, c) => step(s, c).state, start);
}

/** Folds `chunks`, then replays their normalized form into a fresh state; both must agree. */
function runAndReplay(chunks: ChatCompletionChunk[]): StreamState {
  let state = initialStreamState();
  let replay = initialStreamState();
  for (const chunk of chunks) {
    const next = step(state, chunk);
    state = next.state;
    replay = step(replay, next.normalized).state;
  }
  expect(replay.choices).toEqual(state.choices);
  expect(replay.usage).toEqual(state.usage);
  expect(replay.error).toEqual(state.error);
  expect(replay.contentFiltered).toBe(state.contentFiltered);
  return state;
}

const choice = (c: ChunkChoice): ChatCompletionChunk => ({ id: 'c', choices: [c] });
const delta = (d: ChunkChoice['delta'], index = 0): ChatCompletionChunk =>
  choice({ index, delta: d, finish_reason: null });

describe('step: content and roles', () => {
  it('takes the role from the first delta and concatenates content, ignoring null', () => {
    const s = runAndReplay([
      delta({ role: 'assistant', content: '' }),
      delta({ content: null }),
      delta({ content: 'Hel' }),
      delta({ content: 'lo', role: 'user' }),
      choice({ index: 0, delta: {}, finish_reason: 'stop' }),
    ]);
    expect(s.choices).toEqual([
      {
        index: 0,
        role: 'assistant',
        content: 'Hello',
        reasoning: null,
        refusal: null,
        toolCalls: [],
        finishReason: 'stop',
      },
    ]);
  });

  it('flattens content part arrays and counts thinking parts as reasoning', () => {
    const s = runAndReplay([
      delta({
        content: [
          { type: 'thinking', thinking: [{ type: 'text', text: 'hmm ' }] },
          { type: 'text', text: 'A' },
        ],
      }),
      delta({
        content: [
          { type: 'thinking', thinking: 'ok' },
          { type: 'text', text: 'B' },
        ],
      }),
      delta({ content: [{ type: 'image_url', image_url: { url: 'x' } }] }),
    ]);
    expect(s.choices[0]).toMatchObject({ content: 'AB', reasoning: 'hmm ok' });
  });

  it('accumulates refusal deltas separately from content', () => {
    const s = runAndReplay([delta({ refusal: "I can't" }), delta({ refusal: ' do that.' })]);
    expect(s.choices[0]).toMatchObject({ content: '', refusal: "I can't do that." });
  });

  it('reads reasoning from reasoning_content or reasoning, counting mirrored text once', () => {
    const s = runAndReplay([
      delta({ reasoning_content: '', content: null }),
      delta({ reasoning_content: 'a' }),
      delta({ reasoning: 'b' }),
      delta({ reasoning: 'c', reasoning_details: [{ type: 'reasoning.text', text: 'c' }] }),
      delta({ reasoning_details: [{ type: 'reasoning.text', text: 'd' }] }),
      delta({ reasoning: 'e', reasoning_content: 'e' }),
      delta({ content: 'answer', reasoning_content: null }),
    ]);
    expect(s.choices[0]).toMatchObject({ reasoning: 'abcde', content: 'answer' });
  });

  it('leaves reasoning and refusal null when none arrived', () => {
    const s = run([delta({ content: 'x', reasoning_content: '', refusal: null })]);
    expect(s.choices[0]).toMatchObject({ reasoning: null, refusal: null });
  });
});

describe('step: choices', () => {
  it('accumulates n>1 choices per index, sorted, whatever the arrival order', () => {
    const s = runAndReplay([
      delta({ role: 'assistant', content: 'B1' }, 1),
      delta({ role: 'assistant', content: 'A1' }, 0),
      {
        choices: [
          { index: 2, delta: { content: 'C' } },
          { index: 1, delta: { content: 'B2' } },
        ],
      },
      choice({ index: 1, delta: {}, finish_reason: 'length' }),
      choice({ index: 0, delta: {}, finish_reason: 'stop' }),
    ]);
    expect(s.choices.map((c) => [c.index, c.content, c.finishReason])).toEqual([
      [0, 'A1', 'stop'],
      [1, 'B1B2', 'length'],
      [2, 'C', null],
    ]);
  });

  it('tolerates chunks with empty, null or missing choices', () => {
    const s = runAndReplay([
      { id: '', model: '', created: 0, choices: [], prompt_filter_results: [{ prompt_index: 0 }] },
      { id: 'c' },
      { id: 'c', choices: null },
      delta({ content: 'ok' }),
    ]);
    expect(s.choices).toHaveLength(1);
    expect(s.choices[0]?.content).toBe('ok');
    expect(s.chunkCount).toBe(4);
  });

  it('handles a choice with no delta key without resetting finish_reason', () => {
    const s = runAndReplay([
      delta({ content: 'x' }),
      choice({ index: 0, delta: {}, finish_reason: 'stop' }),
      choice({ index: 0, content_filter_results: {}, finish_reason: null }),
    ]);
    expect(s.choices[0]).toMatchObject({ content: 'x', finishReason: 'stop' });
  });

  it('notices content-filter annotations that flag the answer or the prompt', () => {
    const safe = { hate: { filtered: false, severity: 'safe' } };
    const clean = runAndReplay([
      {
        id: 'c',
        choices: [],
        prompt_filter_results: [{ prompt_index: 0, content_filter_results: safe }],
      },
      choice({
        index: 0,
        delta: { content: 'ok' },
        content_filter_results: safe,
        finish_reason: null,
      }),
    ]);
    expect(clean.contentFiltered).toBe(false);

    const answer = runAndReplay([
      delta({ content: 'Part of an' }),
      choice({
        index: 0,
        delta: {},
        content_filter_results: { ...safe, violence: { filtered: true, severity: 'high' } },
        finish_reason: null,
      }),
    ]);
    expect(answer.contentFiltered).toBe(true);
    expect(answer.choices[0]).toMatchObject({ content: 'Part of an', finishReason: null });

    const prompt = runAndReplay([
      {
        id: 'c',
        choices: [],
        prompt_filter_results: [
          {
            prompt_index: 0,
            content_filter_results: { jailbreak: { filtered: true, detected: true } },
          },
        ],
      },
    ]);
    expect(prompt.contentFiltered).toBe(true);
  });

  it('keeps the last non-null finish_reason, raw', () => {
    const s = run([
      choice({ index: 0, delta: {}, finish_reason: 'length' }),
      choice({ index: 0, delta: {}, finish_reason: 'eos_token' }),
      choice({ index: 0, delta: {}, finish_reason: null }),
    ]);
    expect(s.choices[0]?.finishReason).toBe('eos_token');
  });

  it('uses the array position when a choice has no index', () => {
    const s = run([{ choices: [{ delta: { content: 'a' } }, { delta: { content: 'b' } }] }]);
    expect(s.choices.map((c) => [c.index, c.content])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
  });

  it('keeps the first non-empty id, model, created and fingerprint', () => {
    const s = run([
      { id: '', model: '', created: 0, choices: [] },
      { id: 'a', model: 'm1', created: 5, system_fingerprint: 'fp', choices: [] },
      { id: 'b', model: 'm2', created: 6, system_fingerprint: 'fp2', choices: [] },
    ]);
    expect([s.id, s.model, s.created, s.systemFingerprint]).toEqual(['a', 'm1', 5, 'fp']);
  });
});

describe('step: usage', () => {
  const u = (n: number) => ({ prompt_tokens: n, completion_tokens: n, total_tokens: 2 * n });

  it('keeps the last usage, never sums, and is not cleared by usage: null', () => {
    const s = runAndReplay([
      { ...delta({ content: 'a' }), usage: u(1) },
      { ...delta({ content: 'b' }), usage: u(2) },
      { ...delta({ content: 'c' }), usage: u(3) },
      { ...delta({ content: 'd' }), usage: null },
    ]);
    expect(s.usage).toEqual(u(3));
  });

  it('reads usage from a provider extension object when top-level usage is absent', () => {
    const s = runAndReplay([
      { choices: [], x_vendor: { id: 'r' } },
      { choices: [], x_vendor: { usage: { ...u(4), queue_time: 0.1 } } },
    ]);
    expect(s.usage).toEqual({ ...u(4), queue_time: 0.1 });
  });

  it('prefers top-level usage over an extension usage in the same chunk', () => {
    const s = run([{ choices: [], usage: u(7), x_vendor: { usage: u(1) } }]);
    expect(s.usage).toEqual(u(7));
  });

  it('drops null counters but keeps the rest verbatim', () => {
    const s = run([{ choices: [], usage: { prompt_tokens: null, total_tokens: 3, cost: 0.5 } }]);
    expect(s.usage).toEqual({ total_tokens: 3, cost: 0.5 });
  });
});

describe('step: errors and final status', () => {
  it('surfaces an in-band error and keeps the partial content', () => {
    const s = runAndReplay([
      delta({ role: 'assistant', content: 'partial' }),
      {
        error: { code: 'server_error', message: 'Provider disconnected', metadata: { p: 1 } },
        choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
      },
    ]);
    expect(s.error).toEqual({
      code: 'server_error',
      message: 'Provider disconnected',
      metadata: { p: 1 },
    });
    expect(s.choices[0]).toMatchObject({ content: 'partial', finishReason: 'error' });
    expect(finalStatus(s)).toBe('error');
  });

  it('accepts an error event without choices, and error strings', () => {
    const s = runAndReplay([
      delta({ content: 'x' }),
      { error: { message: 'overloaded', code: 529 } },
    ]);
    expect(s.error).toEqual({ message: 'overloaded', code: 529 });
    expect(run([{ error: 'bad gateway' }]).error).toEqual({ message: 'bad gateway' });
    expect(run([{ error: { code: 'x' } }]).error?.message).toMatch(/error/);
  });

  it('ignores null and empty error payloads', () => {
    expect(
      run([
        { error: null, choices: [] },
        { error: {}, choices: [] },
      ]).error,
    ).toBeNull();
  });

  it('reports interrupted without a finish_reason on choice 0, complete with one', () => {
    expect(finalStatus(initialStreamState())).toBe('interrupted');
    expect(finalStatus(run([delta({ content: 'x' })]))).toBe('interrupted');
    expect(finalStatus(run([choice({ index: 0, delta: {}, finish_reason: 'stop' })]))).toBe(
      'complete',
    );
    expect(finalStatus(run([choice({ index: 1, delta: {}, finish_reason: 'stop' })]))).toBe(
      'interrupted',
    );
  });
});
