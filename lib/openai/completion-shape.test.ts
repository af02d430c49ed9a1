// The stream reducer (step) is compiled by V8 for the hidden classes of the chunks it reads. A
// completion folded into one chunk (every title, every server that ignores `stream: true`) must
// not bring a new hidden class each time, or step is thrown away and compiled again.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { completionAsChunk } from './completion';
import type { ChatCompletion } from './types';

setFlagsFromString('--allow-natives-syntax');
const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: unknown,
  b: unknown,
) => boolean;

/** A response as a server sends it, parsed anew each time (as `res.json()` does). */
function response(extra: Record<string, unknown> = {}): ChatCompletion {
  return JSON.parse(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1796425530,
      model: 'm',
      system_fingerprint: 'fp',
      ...extra,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'A title' },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 },
    }),
  );
}

describe('completionAsChunk', () => {
  it('gives responses of one shape chunks of one hidden class, once hot and after other shapes', () => {
    // What different servers add: extension objects, tiers, filters, in-band errors.
    const others = [
      { x_groq: { id: 'req' } },
      { service_tier: 'default' },
      { prompt_filter_results: [] },
      { provider: 'p' },
      { error: null },
      { citations: [] },
      { nvext: {} },
    ];
    for (const extra of others) completionAsChunk(response(extra));
    // Hot enough for V8's optimising compiler, as on a server that has titled many chats.
    for (let i = 0; i < 5000; i++) completionAsChunk(response());
    const a = completionAsChunk(response());
    const b = completionAsChunk(response());
    expect(sameHiddenClass(a, b)).toBe(true);
    expect(sameHiddenClass(a.choices?.[0], b.choices?.[0])).toBe(true);
    expect(sameHiddenClass(a.choices?.[0]?.delta, b.choices?.[0]?.delta)).toBe(true);
  });

  it('keeps every field of the response and keys its choices and tool calls', () => {
    const chunk = completionAsChunk(response({ x_groq: { usage: { total_tokens: 1 } } }));
    expect(chunk).toMatchObject({ id: 'chatcmpl-1', x_groq: { usage: { total_tokens: 1 } } });
    expect(chunk.choices).toEqual([
      {
        index: 0,
        delta: { role: 'assistant', content: 'A title' },
        finish_reason: 'stop',
        logprobs: null,
        content_filter_results: undefined,
      },
    ]);
    const call = (name: string) => ({
      id: name,
      type: 'function',
      function: { name, arguments: '{}' },
    });
    const withCalls = completionAsChunk({
      choices: [
        { message: { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] } },
      ],
    });
    expect(withCalls.choices?.[0]?.index).toBe(0);
    expect(withCalls.choices?.[0]?.delta?.tool_calls).toEqual([
      { ...call('a'), index: 0 },
      { ...call('b'), index: 1 },
    ]);
  });
});
