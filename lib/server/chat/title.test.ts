import { describe, expect, it } from 'vitest';
import { TITLE_INSTRUCTION, TITLE_SYSTEM_PROMPT } from '@/lib/chat/title-text';
import { createDemoUpstream } from '@/lib/server/providers/demo/upstream';
import { demoPlan } from '@/lib/server/providers/demo/reply';
import type { ChatCompletionRequest, Upstream } from '@/lib/server/upstream/types';
import { generateTitle, titleRequest } from './title';

/** An upstream that records requests and answers with `respond`. */
function fakeUpstream(
  respond: (body: ChatCompletionRequest, signal: AbortSignal) => Promise<Response>,
) {
  const requests: ChatCompletionRequest[] = [];
  const upstream: Upstream = {
    kind: 'remote',
    listModels: async () => [],
    chatCompletions: (body, signal) => {
      requests.push(body);
      return respond(body, signal);
    },
  };
  return { upstream, requests };
}

const completion = (content: string | null) =>
  Response.json({
    id: 'c1',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });

describe('titleRequest', () => {
  it('is a short non-streaming request: instructions, the exchange (clipped), then the ask', () => {
    const request = titleRequest('gpt-x', 'q'.repeat(5000), 'short answer');
    expect(request).toMatchObject({ model: 'gpt-x', stream: false, max_tokens: 20 });
    expect(request).not.toHaveProperty('tools');
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request.messages[0]?.content).toBe(TITLE_SYSTEM_PROMPT);
    expect(request.messages[1]?.content).toHaveLength(2001);
    expect(request.messages[2]?.content).toBe('short answer');
    expect(request.messages[3]?.content).toBe(TITLE_INSTRUCTION);
  });
});

describe('generateTitle', () => {
  it("cleans the model's answer", async () => {
    const { upstream, requests } = fakeUpstream(async () => completion('"Bread Baking Basics."'));
    const title = await generateTitle({ upstream, model: 'm', question: 'q', answer: 'a' });
    expect(title).toBe('Bread Baking Basics');
    expect(requests).toHaveLength(1);
  });

  it('gives null on an HTTP error, an empty answer, a bad body or a thrown error', async () => {
    const cases: (() => Promise<Response>)[] = [
      async () => Response.json({ error: { message: 'nope' } }, { status: 429 }),
      async () => completion(null),
      async () => completion('   '),
      async () => Response.json({ not: 'a completion' }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const respond of cases) {
      const { upstream } = fakeUpstream(respond);
      expect(await generateTitle({ upstream, model: 'm', question: 'q', answer: 'a' })).toBeNull();
    }
  });

  it('gives up after the timeout', async () => {
    const { upstream } = fakeUpstream(
      (_body, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    );
    const started = Date.now();
    expect(
      await generateTitle({ upstream, model: 'm', question: 'q', answer: 'a', timeoutMs: 50 }),
    ).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gets a short title from the offline demo model', async () => {
    const title = await generateTitle({
      upstream: createDemoUpstream({ tokenDelayMs: 0 }),
      model: 'demo',
      question: 'how do volcanoes form under the ocean floor?',
      answer: 'A long demo answer',
    });
    expect(title).toBe('How do volcanoes form under the ocean floor');
  });
});

describe('the demo model and title requests', () => {
  it('answers a title request with a title, and other requests as before', () => {
    const request = titleRequest('demo', 'what time is it in Tokyo?', 'answer');
    expect(demoPlan(request.messages, ['get_current_time'])).toEqual({
      kind: 'text',
      text: 'Time in Tokyo',
    });
    expect(demoPlan([{ role: 'user', content: 'what time is it?' }], ['get_current_time'])).toEqual(
      { kind: 'tools', calls: [{ name: 'get_current_time', arguments: '{}' }] },
    );
  });
});
