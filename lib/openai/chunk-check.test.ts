import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { isPlainChunk } from './chunk-check';
import { chatCompletionChunkSchema } from './schema';
import { createSSEDecoder } from './sse-decoder';

const schema = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./schema', async (importOriginal) => {
  const real = await importOriginal<typeof import('./schema')>();
  return {
    ...real,
    validateChunk: (value: unknown) => {
      schema.calls++;
      return real.validateChunk(value);
    },
  };
});
const { parseChunkEvent } = await import('./sse');

const dir = fileURLToPath(new URL('../../e2e/fixtures/streams', import.meta.url));
const enc = new TextEncoder();

/** Every JSON object the recorded provider streams carry. */
function fixtureObjects(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.sse'))) {
    const decoder = createSSEDecoder((m) => {
      try {
        const json: unknown = JSON.parse(m.data);
        if (json && typeof json === 'object' && !Array.isArray(json))
          out.push(json as Record<string, unknown>);
      } catch {
        // [DONE] and deliberately broken events.
      }
    });
    decoder.push(enc.encode(readFileSync(`${dir}/${name}`, 'utf8')));
    decoder.end();
  }
  return out;
}

describe('isPlainChunk', () => {
  it('never accepts what the schema refuses, and accepts it unchanged', () => {
    const objects = fixtureObjects();
    expect(objects.length).toBeGreaterThan(50);
    let plain = 0;
    for (const json of objects) {
      if (!isPlainChunk(json)) continue;
      plain++;
      const parsed = chatCompletionChunkSchema.safeParse(json);
      expect(parsed.success).toBe(true);
      expect(parsed.data).toEqual(json);
    }
    // The fast path is the common path: most real chunks take it.
    expect(plain).toBeGreaterThan(objects.length / 2);
  });

  it.each([
    ['content as a number', { choices: [{ delta: { content: 1 } }] }],
    ['a fractional choice index', { choices: [{ index: 0.5, delta: {} }] }],
    ['choices as an object', { choices: { 0: {} } }],
    ['usage as a string', { usage: '3' }],
    ['a tool call without an object', { choices: [{ delta: { tool_calls: ['x'] } }] }],
    ['error as a number', { error: 5 }],
  ])('leaves %s to the schema (which refuses it)', (_, json) => {
    expect(isPlainChunk(json)).toBe(false);
    expect(chatCompletionChunkSchema.safeParse(json).success).toBe(false);
  });

  it.each([
    ['content parts', { choices: [{ delta: { content: [{ type: 'text', text: 'a' }] } }] }],
    ['reasoning_details', { choices: [{ delta: { reasoning_details: [{ text: 'a' }] } }] }],
    [
      'object arguments',
      { choices: [{ delta: { tool_calls: [{ function: { arguments: { a: 1 } } }] } }] },
    ],
  ])('leaves %s to the schema (which accepts it)', (_, json) => {
    expect(isPlainChunk(json)).toBe(false);
    expect(chatCompletionChunkSchema.safeParse(json).success).toBe(true);
  });
});

describe('parseChunkEvent', () => {
  it('parses a plain chunk once, without the schema, and hands out the parsed object', () => {
    const parse = vi.spyOn(JSON, 'parse');
    schema.calls = 0;
    const data =
      '{"id":"c1","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}';
    const event = parseChunkEvent(data);
    expect(event).toEqual({ type: 'chunk', chunk: JSON.parse(data) });
    expect(parse).toHaveBeenCalledTimes(2); // once by parseChunkEvent, once just above
    expect(schema.calls).toBe(0);
    parse.mockRestore();
  });

  it('still explains an invalid chunk through the schema', () => {
    schema.calls = 0;
    expect(parseChunkEvent('{"choices":[{"delta":{"content":7}}]}')).toMatchObject({
      type: 'invalid',
      reason: expect.stringContaining('choices.0.delta.content'),
    });
    expect(schema.calls).toBe(1);
  });
});
