import { describe, expect, it } from 'vitest';
import { initialStreamState, type StreamState, step } from './accumulate';
import { mergeToolCalls } from './tool-calls';
import type { ChatCompletionChunk, ToolCallFragment } from './types';

const frag = (tool_calls: ToolCallFragment[], index = 0): ChatCompletionChunk => ({
  choices: [{ index, delta: { tool_calls }, finish_reason: null }],
});

/** Runs chunks and checks that replaying the normalized chunks gives the same tool calls. */
function calls(chunks: ChatCompletionChunk[], choice = 0) {
  let state: StreamState = initialStreamState();
  let replay: StreamState = initialStreamState();
  for (const c of chunks) {
    const next = step(state, c);
    state = next.state;
    replay = step(replay, next.normalized).state;
  }
  expect(replay.choices).toEqual(state.choices);
  return state.choices.find((c) => c.index === choice)?.toolCalls;
}

describe('tool-call fragments', () => {
  it('assembles split arguments; id, type and name come only on the first fragment', () => {
    expect(
      calls([
        frag([
          { index: 0, id: 'call_1', type: 'function', function: { name: 'get', arguments: '' } },
        ]),
        frag([{ index: 0, function: { arguments: '{"ci' } }]),
        frag([{ index: 0, function: { arguments: 'ty":"Oslo"}' } }]),
      ]),
    ).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get', arguments: '{"city":"Oslo"}' } },
    ]);
  });

  it('maps a first index above 0 to position 0, and sparse indices to dense positions', () => {
    const result = calls([
      frag([{ index: 3, id: 'a', function: { name: 'f', arguments: '{' } }]),
      frag([{ index: 7, id: 'b', function: { name: 'g', arguments: '[' } }]),
      frag([{ index: 3, function: { arguments: '}' } }]),
      frag([{ index: 7, function: { arguments: ']' } }]),
    ]);
    expect(result?.map((c) => [c.id, c.function.arguments])).toEqual([
      ['a', '{}'],
      ['b', '[]'],
    ]);
  });

  it('appends both fragments when one delta repeats an index', () => {
    expect(
      calls([
        frag([
          { index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } },
          { index: 0, function: { arguments: '1}' } },
        ]),
      ])?.[0]?.function.arguments,
    ).toBe('{"x":1}');
  });

  it('matches a fragment without index by id, else starts a new call', () => {
    const result = calls([
      frag([{ id: 'a', function: { name: 'f', arguments: '{"p":' } }]),
      frag([{ id: 'b', function: { name: 'g', arguments: '{}' } }]),
      frag([{ id: 'a', function: { arguments: '1}' } }]),
      frag([{ function: { name: 'h', arguments: '{}' } }]),
    ]);
    expect(result?.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['a', 'f', '{"p":1}'],
      ['b', 'g', '{}'],
      ['', 'h', '{}'],
    ]);
  });

  it('defaults type to function and keeps "" arguments for parameterless tools', () => {
    expect(calls([frag([{ id: 'x', function: { name: 'now', arguments: '' } }])])).toEqual([
      { id: 'x', type: 'function', function: { name: 'now', arguments: '' } },
    ]);
  });

  it('never overwrites a set id or name, but fills them in when they arrive late', () => {
    const result = calls([
      frag([{ index: 0, function: { arguments: '{' } }]),
      frag([{ index: 0, id: 'late', function: { name: 'f', arguments: '}' } }]),
      frag([{ index: 0, id: '', type: '', function: { name: 'f', arguments: '' } }]),
      frag([{ index: 0, id: 'other', function: { name: 'g' } }]),
    ]);
    expect(result).toEqual([
      { id: 'late', type: 'function', function: { name: 'f', arguments: '{}' } },
    ]);
  });

  it('serialises already-parsed object arguments', () => {
    expect(
      calls([frag([{ index: 0, id: 'a', function: { name: 'f', arguments: { q: 1 } } }])])?.[0],
    ).toMatchObject({ function: { arguments: '{"q":1}' } });
  });

  it('keeps tool calls per choice', () => {
    const chunks = [
      frag([{ index: 0, id: 'a', function: { name: 'f', arguments: '1' } }], 0),
      frag([{ index: 0, id: 'b', function: { name: 'g', arguments: '2' } }], 1),
    ];
    expect(calls(chunks, 0)?.map((c) => c.id)).toEqual(['a']);
    expect(calls(chunks, 1)?.map((c) => c.id)).toEqual(['b']);
  });

  it('emits dense indices and only what changed in the normalized fragments', () => {
    let state = step(
      initialStreamState(),
      frag([{ index: 5, id: 'a', function: { name: 'f', arguments: '' } }]),
    ).state;
    const next = step(
      state,
      frag([{ index: 5, id: 'a', function: { name: 'f', arguments: '{}' } }]),
    );
    expect(next.normalized.choices[0]?.delta.tool_calls).toEqual([
      { index: 0, function: { arguments: '{}' } },
    ]);
    state = next.state;
    const quiet = step(state, frag([{ index: 5, function: { arguments: '' } }]));
    expect(quiet.normalized.choices[0]?.delta.tool_calls).toBeUndefined();
    expect(quiet.state.choices).toBe(state.choices);
  });
});

describe('mergeToolCalls', () => {
  it('returns the same references when nothing changed', () => {
    const existing = [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }];
    const slots = { 0: 0 };
    const r = mergeToolCalls(existing, slots, [{ index: 0, function: { arguments: '' } }]);
    expect(r.toolCalls).toBe(existing);
    expect(r.slots).toBe(slots);
  });

  it('copies only the changed call', () => {
    const a = { id: 'a', type: 'function', function: { name: 'f', arguments: '' } };
    const b = { id: 'b', type: 'function', function: { name: 'g', arguments: '' } };
    const r = mergeToolCalls([a, b], { 0: 0, 1: 1 }, [{ index: 1, function: { arguments: 'x' } }]);
    expect(r.toolCalls[0]).toBe(a);
    expect(r.toolCalls[1]).toEqual({ ...b, function: { name: 'g', arguments: 'x' } });
    expect(b.function.arguments).toBe('');
  });
});
