import { describe, expect, it } from 'vitest';
import {
  createSSEDecoder,
  parseChunkEvent,
  readSSE,
  SSEEventTooLargeError,
  type SSEMessage,
} from './sse';

const enc = new TextEncoder();

function decode(reads: Array<string | Uint8Array>): SSEMessage[] {
  const out: SSEMessage[] = [];
  const decoder = createSSEDecoder((m) => out.push(m));
  for (const r of reads) decoder.push(typeof r === 'string' ? enc.encode(r) : r);
  decoder.end();
  return out;
}

function bodyOf(reads: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const r of reads) controller.enqueue(enc.encode(r));
      controller.close();
    },
  });
}

describe('createSSEDecoder', () => {
  it('dispatches LF-terminated events', () => {
    expect(decode(['data: a\n\ndata: b\n\n']).map((m) => m.data)).toEqual(['a', 'b']);
  });

  it('handles CRLF and bare CR line endings, even when CR and LF arrive in separate reads', () => {
    expect(
      decode(['data: a\r\n\r\n', 'data: b\r', '\n\r', '\ndata: c\r\r']).map((m) => m.data),
    ).toEqual(['a', 'b', 'c']);
  });

  it('ignores comments and keeps `data:` without a space', () => {
    expect(decode([': keep-alive\n\ndata:{"x":1}\n\n: ping\n\n']).map((m) => m.data)).toEqual([
      '{"x":1}',
    ]);
  });

  it('joins multi-line data fields with \\n', () => {
    expect(decode(['data: {\ndata:  "a": 1\ndata: }\n\n'])[0]?.data).toBe('{\n "a": 1\n}');
  });

  it('does not dispatch events with empty data', () => {
    expect(decode(['data:\n\ndata: \n\nevent: x\n\ndata: ok\n\n']).map((m) => m.data)).toEqual([
      'ok',
    ]);
  });

  it('passes event type and id through', () => {
    expect(decode(['event: error\nid: 7\ndata: boom\n\n'])).toEqual([
      { event: 'error', id: '7', data: 'boom' },
    ]);
  });

  it('reassembles multi-byte characters split across reads', () => {
    const bytes = enc.encode('data: 👋🏽 你好 ß\n\n');
    const reads = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    expect(decode(reads)[0]?.data).toBe('👋🏽 你好 ß');
  });

  it('keeps U+2028 inside data (it is not a line break for SSE)', () => {
    const [m] = decode(['data: {"c":"a\u2028b"}\n\n']);
    expect(m?.data).toBe('{"c":"a\u2028b"}');
    expect(JSON.parse(m?.data ?? '')).toEqual({ c: 'a\u2028b' });
  });

  it('discards an unterminated trailing event at end of input and keeps the earlier ones', () => {
    expect(decode(['data: one\n\ndata: tw', 'o\n']).map((m) => m.data)).toEqual(['one']);
    expect(decode(['data: one\n\ndata: [DONE]']).map((m) => m.data)).toEqual(['one']);
  });

  it('strips a UTF-8 byte order mark', () => {
    expect(decode([new Uint8Array([0xef, 0xbb, 0xbf]), 'data: x\n\n'])[0]?.data).toBe('x');
  });
});

describe('parseChunkEvent', () => {
  it('recognises [DONE]', () => {
    expect(parseChunkEvent('[DONE]')).toEqual({ type: 'done' });
    expect(parseChunkEvent(' [DONE] ')).toEqual({ type: 'done' });
  });

  it('parses a chunk and keeps unknown fields', () => {
    const event = parseChunkEvent(
      '{"id":"c1","choices":[{"index":0,"delta":{"content":"hi","extra":1}}],"x_vendor":{"a":1}}',
    );
    expect(event.type).toBe('chunk');
    if (event.type !== 'chunk') return;
    expect(event.chunk.choices?.[0]?.delta?.content).toBe('hi');
    expect(event.chunk.choices?.[0]?.delta?.extra).toBe(1);
    expect(event.chunk.x_vendor).toEqual({ a: 1 });
  });

  it('turns malformed JSON into an invalid event instead of throwing', () => {
    const event = parseChunkEvent('{"choices":[{"delta":');
    expect(event).toMatchObject({ type: 'invalid', data: '{"choices":[{"delta":' });
    if (event.type === 'invalid') expect(event.reason).toMatch(/malformed JSON/);
  });

  it('rejects non-objects and wrongly typed content-bearing fields', () => {
    expect(parseChunkEvent('42')).toMatchObject({ type: 'invalid', reason: 'not a JSON object' });
    expect(parseChunkEvent('[1]')).toMatchObject({ type: 'invalid' });
    const bad = parseChunkEvent('{"choices":[{"index":0,"delta":{"content":5}}]}');
    expect(bad.type).toBe('invalid');
    if (bad.type === 'invalid') expect(bad.reason).toContain('choices.0.delta.content');
    expect(parseChunkEvent('{"choices":"nope"}').type).toBe('invalid');
  });

  it('accepts an error-only payload with no choices', () => {
    const event = parseChunkEvent('{"error":{"message":"overloaded","code":529}}');
    expect(event).toMatchObject({ type: 'chunk', chunk: { error: { message: 'overloaded' } } });
  });
});

describe('readSSE', () => {
  it('yields every complete message across reads', async () => {
    const out: string[] = [];
    for await (const m of readSSE(bodyOf(['data: a\n', '\ndata: b\n\nda', 'ta: c\n\n']))) {
      out.push(m.data);
    }
    expect(out).toEqual(['a', 'b', 'c']);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(enc.encode('data: x\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _ of readSSE(body)) break;
    expect(cancelled).toBe(true);
  });

  it('throws the abort reason and cancels the body when the signal aborts', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(enc.encode('data: first\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const m of readSSE(body, controller.signal)) {
        seen.push(m.data);
        controller.abort('stop');
      }
    })();
    await expect(run).rejects.toBe('stop');
    expect(seen).toEqual(['first']);
    expect(cancelled).toBe(true);
  });

  it('reads a reader whose first bytes were looked at already: those first, split event and all', async () => {
    const reader = bodyOf(['ta: b\n\n', 'data: c\n\n']).getReader();
    const head = [enc.encode('data: a\n\nda')];
    const out: string[] = [];
    for await (const m of readSSE({ reader, head })) out.push(m.data);
    expect(out).toEqual(['a', 'b', 'c']);
  });

  it('cancels a reader with a head when the consumer stops early, and when aborted before it starts', async () => {
    let cancelled = 0;
    const body = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(enc.encode('data: more\n\n'));
        },
        cancel() {
          cancelled++;
        },
      });
    const seen: string[] = [];
    for await (const m of readSSE({
      reader: body().getReader(),
      head: [enc.encode('data: x\n\n')],
    })) {
      seen.push(m.data);
      break;
    }
    expect(seen).toEqual(['x']);
    expect(cancelled).toBe(1);

    const aborted = AbortSignal.abort('gone');
    const run = (async () => {
      for await (const m of readSSE({ reader: body().getReader(), head: [] }, aborted))
        seen.push(m.data);
    })();
    await expect(run).rejects.toBe('gone');
    expect(seen).toEqual(['x']);
    expect(cancelled).toBe(2);
  });

  it('aborts a read that is still waiting for bytes', async () => {
    const body = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const controller = new AbortController();
    const run = (async () => {
      for await (const _ of readSSE(body, controller.signal)) {
        // nothing arrives
      }
    })();
    setTimeout(() => controller.abort('idle'), 5);
    await expect(run).rejects.toBe('idle');
  });
});

describe('createSSEDecoder with maxEventBytes', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('passes events under the cap, however many arrive', () => {
    const seen: string[] = [];
    const decoder = createSSEDecoder((m) => seen.push(m.data), { maxEventBytes: 64 });
    for (let i = 0; i < 100; i++) decoder.push(bytes(`data: ${i}\n\n`));
    decoder.push(bytes(`: ${'ping '.repeat(10)}\n\n`));
    decoder.end();
    expect(seen).toHaveLength(100);
  });

  it('gives up on one event that grows past the cap without ending', () => {
    const decoder = createSSEDecoder(() => {}, { maxEventBytes: 1024 });
    decoder.push(bytes('data: {"a":"'));
    expect(() => {
      for (let i = 0; i < 100; i++) decoder.push(bytes('x'.repeat(100)));
    }).toThrow(SSEEventTooLargeError);
  });

  it('refuses an oversized event that arrives whole in one read', () => {
    const seen: string[] = [];
    const decoder = createSSEDecoder((m) => seen.push(m.data), { maxEventBytes: 1024 });
    decoder.push(bytes('data: small\n\n'));
    expect(() => decoder.push(bytes(`data: ${'z'.repeat(2000)}\n\n`))).toThrow(
      SSEEventTooLargeError,
    );
    expect(seen).toEqual(['small']);
  });

  it('readSSE throws the same error and cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes(`data: ${'y'.repeat(500)}`));
      },
      cancel() {
        cancelled = true;
      },
    });
    const read = async () => {
      for await (const _ of readSSE(body, undefined, { maxEventBytes: 4096 })) {
        // never reached: the event never ends
      }
    };
    await expect(read()).rejects.toBeInstanceOf(SSEEventTooLargeError);
    expect(cancelled).toBe(true);
  });
});
