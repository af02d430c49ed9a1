import { describe, expect, it } from 'vitest';
import { readSSE } from '@/lib/openai/sse';
import { BodyTooLargeError } from './bounded-body';
import { openUpstreamBody } from './open-body';

const options = { maxBytes: 64 * 1024, model: 'm', secrets: ['sk-secret-123456'] };
const ok = (body: BodyInit | null, type?: string) =>
  new Response(body, { status: 200, headers: type ? { 'content-type': type } : {} });

/** A body that arrives in these pieces, one read each. */
function pieces(...parts: string[]): ReadableStream<Uint8Array> {
  const queue = parts.map((p) => new TextEncoder().encode(p));
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

const completion = {
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Hi there',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      finish_reason: 'tool_calls',
    },
  ],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
};

describe('openUpstreamBody', () => {
  it('hands an event stream on whole, the bytes it looked at included, whatever its type says', async () => {
    for (const type of ['text/event-stream', 'text/plain', undefined]) {
      const opened = await openUpstreamBody(
        ok(pieces('\n', 'data: {"a":1}\n\n', 'data: [DONE]\n\n'), type),
        options,
      );
      expect(opened.kind).toBe('stream');
      if (opened.kind !== 'stream') return;
      const data: string[] = [];
      for await (const m of readSSE(opened.source)) data.push(m.data);
      expect(data).toEqual(['{"a":1}', '[DONE]']);
    }
  });

  it('takes one JSON chat completion as the whole answer: text, tool calls, usage', async () => {
    for (const type of ['application/json', 'text/event-stream', 'text/plain']) {
      const body = JSON.stringify(completion);
      const opened = await openUpstreamBody(
        ok(pieces(body.slice(0, 10), body.slice(10)), type),
        options,
      );
      expect(opened.kind).toBe('completion');
      if (opened.kind !== 'completion') return;
      const [choice] = opened.state.choices;
      expect(choice?.content).toBe('Hi there');
      expect(choice?.toolCalls.map((c) => c.function.name)).toEqual(['get_time']);
      expect(choice?.finishReason).toBe('tool_calls');
      expect(opened.state.usage?.total_tokens).toBe(5);
    }
  });

  it('explains a web page in words, with what to check', async () => {
    const page = '<!doctype html><html><head><title>Open WebUI</title></head><body></body></html>';
    for (const type of ['text/html', 'text/event-stream']) {
      const opened = await openUpstreamBody(ok(page, type), options);
      expect(opened).toMatchObject({ kind: 'failure', error: { code: 'not_a_stream' } });
      if (opened.kind !== 'failure') return;
      expect(opened.error.message).toContain(
        'answered with a web page instead of a chat stream: check that the base URL points at the API, usually ending in /v1',
      );
    }
  });

  it('explains plain text, quoting it without secrets, and an empty body', async () => {
    const text = await openUpstreamBody(
      ok('Ollama is running sk-secret-123456', 'text/plain'),
      options,
    );
    expect(text.kind === 'failure' && text.error.message).toContain(
      'plain text (“Ollama is running [redacted]”) instead of a chat stream',
    );
    for (const body of ['', '  \n', null]) {
      const empty = await openUpstreamBody(ok(body), options);
      expect(empty.kind === 'failure' && empty.error.message).toContain(
        'answered with an empty response instead of a chat stream',
      );
    }
  });

  it('explains JSON that is not a completion, and maps an error object like an HTTP error', async () => {
    const status = await openUpstreamBody(ok('{"status":"ok"}', 'application/json'), options);
    expect(status.kind === 'failure' && status.error.message).toContain(
      'data that is not a chat completion instead of a chat stream',
    );
    const error = await openUpstreamBody(
      ok('{"error":{"message":"model \\"x\\" not found","code":"model_not_found"}}'),
      options,
    );
    expect(error).toMatchObject({ kind: 'failure', error: { code: 'model_not_found' } });
  });

  it('refuses a JSON body over the size cap', async () => {
    const big = `{"choices":[],"pad":"${'x'.repeat(70 * 1024)}"}`;
    await expect(openUpstreamBody(ok(big), options)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
