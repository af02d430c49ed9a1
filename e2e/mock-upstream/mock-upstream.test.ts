import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY, MARKDOWN_REPLY, REASONING_ANSWER, REASONING_TEXT } from './texts';
import { type MockUpstream, startMockUpstream } from './server';
import {
  type Chunk,
  chat,
  chatBody,
  chunksOf,
  contentDeltas,
  contentOf,
  EventReader,
  readAllEvents,
} from './test-client';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());

async function stream(text: string, extra: Record<string, unknown> = {}) {
  const res = await chat(mock, chatBody(text, extra));
  expect(res.status).toBe(200);
  return { res, items: await readAllEvents(res) };
}

describe('default reply and chunk shape', () => {
  it('streams the default reply in several OpenAI-shaped chunks', async () => {
    const { res, items } = await stream('hello there', { model: 'my-model' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(contentOf(items)).toBe(DEFAULT_REPLY);
    expect(contentDeltas(items).length).toBeGreaterThanOrEqual(3);
    expect(items.at(-1)).toBe('[DONE]');
    const chunks = chunksOf(items);
    const first = chunks[0];
    expect(first?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' });
    for (const c of chunks) {
      expect(c).toMatchObject({
        id: first?.id,
        created: first?.created,
        model: 'my-model',
        object: 'chat.completion.chunk',
        system_fingerprint: expect.any(String),
      });
      expect(c.choices[0]?.logprobs).toBeNull();
      expect(c).not.toHaveProperty('usage');
    }
    const last = chunks.at(-1);
    expect(last?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks.slice(0, -1).every((c) => c.choices[0]?.finish_reason === null)).toBe(true);
  });
});

describe('text', () => {
  it('emits N deterministic tokens', async () => {
    const { items } = await stream('[[mock:text tokens=4]]');
    expect(contentDeltas(items)).toEqual(['tok1', ' tok2', ' tok3', ' tok4']);
  });

  it('paces tokens at the requested rate', async () => {
    const reader = new EventReader(await chat(mock, chatBody('[[mock:text tokens=6 rate=25]]')));
    await reader.rest();
    const times = reader.items
      .filter(({ item }) => item !== '[DONE]' && (item.choices[0]?.delta.content ?? '') !== '')
      .map(({ at }) => at);
    expect(times).toHaveLength(6);
    // 5 gaps of 40 ms (200 ms): loosely, the tokens must not arrive all at once.
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(150);
    expect(reader.reads.length).toBeGreaterThanOrEqual(4);
  });

  it('honours finish=length', async () => {
    const { items } = await stream('[[mock:text tokens=1 finish=length]]');
    expect(chunksOf(items).at(-1)?.choices[0]?.finish_reason).toBe('length');
  });
});

describe('usage', () => {
  it('adds usage:null to chunks and a final usage chunk when include_usage is asked', async () => {
    const { items } = await stream('please count [[mock:text tokens=3]]', {
      stream_options: { include_usage: true },
    });
    const chunks = chunksOf(items);
    const usage = chunks.at(-1);
    expect(items.at(-1)).toBe('[DONE]');
    expect(usage?.choices).toEqual([]);
    expect(usage?.usage).toMatchObject({ completion_tokens: 3, prompt_tokens: 2, total_tokens: 5 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('sends the usage chunk with usage=1 even unasked, and never otherwise', async () => {
    const withFlag = chunksOf((await stream('[[mock:text tokens=2 usage=1]]')).items);
    expect(withFlag.at(-1)?.usage).toMatchObject({ completion_tokens: 2 });
    const without = chunksOf((await stream('[[mock:text tokens=2]]')).items);
    expect(without.some((c) => c.choices.length === 0)).toBe(false);
  });
});

describe('non-streaming and models', () => {
  it('answers a chat.completion JSON when stream is not true', async () => {
    const res = await chat(mock, chatBody('[[mock:text tokens=3]]', { stream: false }));
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'mock-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'tok1 tok2 tok3' },
          finish_reason: 'stop',
        },
      ],
      usage: { completion_tokens: 3 },
    });
  });

  it('answers tool calls non-streaming', async () => {
    const res = await chat(mock, chatBody('[[mock:tools calls=2]]', { stream: false }));
    const body = await res.json();
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(body.choices[0].message.content).toBeNull();
    expect(body.choices[0].message.tool_calls).toEqual([
      {
        id: 'call_mock_1',
        type: 'function',
        function: { name: 'get_time', arguments: '{"timezone":"Europe/Paris"}' },
      },
      {
        id: 'call_mock_2',
        type: 'function',
        function: { name: 'calculate', arguments: '{"expression":"2+2"}' },
      },
    ]);
  });

  it('lists models', async () => {
    const res = await fetch(`${mock.url}/models`);
    const body = await res.json();
    expect(body.object).toBe('list');
    expect(body.data.map((m: { id: string }) => m.id)).toEqual(['mock-model', 'mock-model-2']);
  });
});

describe('echo and markdown', () => {
  it('echoes the last user message without the marker', async () => {
    const xss = '<img src=x onerror=alert(1)> **bold** é😀';
    const body = chatBody(`[[mock:echo]] ${xss}`);
    body.messages.unshift({ role: 'user', content: 'older message' });
    const res = await chat(mock, body);
    const items = await readAllEvents(res);
    expect(contentOf(items)).toBe(xss);
    expect(contentDeltas(items).length).toBeGreaterThan(1);
  });

  it('echoes content parts and, with all=1, the whole history', async () => {
    const res = await chat(mock, {
      model: 'm',
      stream: true,
      messages: [
        { role: 'system', content: 'be nice' },
        { role: 'user', content: [{ type: 'text', text: 'hi [[mock:echo all=1]]' }] },
      ],
    });
    expect(contentOf(await readAllEvents(res))).toBe('system: be nice\nuser: hi');
  });

  it('streams the fixed markdown reply token by token', async () => {
    const { items } = await stream('[[mock:markdown]]');
    expect(contentOf(items)).toBe(MARKDOWN_REPLY);
    expect(contentDeltas(items).length).toBeGreaterThan(20);
  });

  it('streams a long markdown reply of exactly `tokens` tokens', async () => {
    const { items } = await stream('[[mock:markdown tokens=2000]]');
    const text = contentOf(items);
    expect(contentDeltas(items).filter((d) => d !== '')).toHaveLength(2000);
    expect(text.startsWith('Benchmark answer')).toBe(true);
    expect(text.endsWith('That is the whole answer.')).toBe(true);
    expect(text).toContain('```ts\n');
    expect(text).toContain('| --- | ---: | ---: |');
    expect(text.length).toBeGreaterThan(11_000);
  });
});

describe('tools and reasoning', () => {
  const toolDeltas = (chunks: Chunk[]) =>
    chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);

  it('streams one tool call split over K argument chunks', async () => {
    const chunks = chunksOf((await stream('[[mock:tools split=4]]')).items);
    const deltas = toolDeltas(chunks);
    expect(deltas).toHaveLength(5);
    expect(deltas[0]).toEqual({
      index: 0,
      id: 'call_mock_1',
      type: 'function',
      function: { name: 'get_time', arguments: '' },
    });
    for (const d of deltas.slice(1)) expect(Object.keys(d).sort()).toEqual(['function', 'index']);
    const args = deltas.map((d) => d.function.arguments).join('');
    expect(JSON.parse(args)).toEqual({ timezone: 'Europe/Paris' });
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('streams two parallel tool calls', async () => {
    const deltas = toolDeltas(chunksOf((await stream('[[mock:tools calls=2 split=2]]')).items));
    const byIndex = (i: number) => deltas.filter((d) => d.index === i);
    expect(
      byIndex(0)
        .map((d) => d.function.arguments)
        .join(''),
    ).toBe('{"timezone":"Europe/Paris"}');
    expect(byIndex(1)[0]?.function.name).toBe('calculate');
    expect(
      byIndex(1)
        .map((d) => d.function.arguments)
        .join(''),
    ).toBe('{"expression":"2+2"}');
  });

  it('pauses mid-arguments until released', async () => {
    const reader = new EventReader(await chat(mock, chatBody('[[mock:tools split=4 pause=t1]]')));
    await reader.take(4); // role, head, 2 argument fragments
    expect(await reader.next(150)).toBe('timeout');
    mock.release('t1');
    const rest = await reader.rest();
    expect(toolDeltas(chunksOf(rest))).toHaveLength(2);
    expect(rest.at(-1)).toBe('[DONE]');
  });

  it('answers tool results with text so a tool loop ends', async () => {
    const res = await chat(mock, {
      model: 'm',
      stream: true,
      messages: [
        { role: 'user', content: '[[mock:tools]]' },
        { role: 'assistant', content: null, tool_calls: [] },
        { role: 'tool', tool_call_id: 'call_mock_1', content: '12:00' },
      ],
    });
    expect(contentOf(await readAllEvents(res))).toBe('Tool results: 12:00');
  });

  it('streams reasoning deltas before content deltas', async () => {
    const chunks = chunksOf((await stream('[[mock:reasoning]]')).items);
    const kinds = chunks
      .slice(1, -1)
      .map((c) => ('reasoning_content' in (c.choices[0]?.delta ?? {}) ? 'r' : 'c'));
    expect(kinds.join('')).toMatch(/^r+c+$/);
    const reasoning = chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('');
    expect(reasoning).toBe(REASONING_TEXT);
    expect(contentOf(chunks)).toBe(REASONING_ANSWER);
  });

  it('field=think sends the reasoning as a think block in content, its tags split', async () => {
    const chunks = chunksOf((await stream('[[mock:reasoning field=think]]')).items);
    const pieces = chunks.map((c) => c.choices[0]?.delta.content ?? '');
    expect(pieces).toContain('<th');
    expect(pieces).toContain('ink>\n');
    expect(contentOf(chunks)).toBe(`<think>\n${REASONING_TEXT}\n</think>\n\n${REASONING_ANSWER}`);
    expect(chunks.some((c) => 'reasoning_content' in (c.choices[0]?.delta ?? {}))).toBe(false);
  });
});
