// Provider behaviours beyond OpenAI's own: reasoning in a <think> block inside content, error
// bodies of every shape, content filters. The app runs built, against the mock upstream over HTTP.
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { initialStreamState, type StreamState, step } from '@/lib/openai/accumulate';
import type { ChatCompletionChunk } from '@/lib/openai/types';
import { REASONING_ANSWER, REASONING_TEXT } from '../mock-upstream/texts';
import { Client, readChat } from './client';

const KEY = 'sk-test-fidelity-0123456789';

const mock = withMockUpstream({ apiKey: KEY });
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
}));

async function saved(client: Client, id: string) {
  const detail = (await client.json<ConversationDetail>(`/api/conversations/${id}`)).body;
  return detail.messages.filter((m) => m.role === 'assistant').at(-1);
}

/** What the browser assembles, chunk by chunk, from the server's normalized events. */
function browserStates(chunks: unknown[]): StreamState[] {
  const states: StreamState[] = [];
  let state = initialStreamState({ thinkTags: false });
  for (const chunk of chunks) {
    state = step(state, chunk as ChatCompletionChunk).state;
    states.push(state);
  }
  return states;
}

describe('reasoning is shown, saved apart, and never sent back', () => {
  it.each([
    ['a <think> block in content', 'think'],
    ['reasoning_content', 'reasoning_content'],
    ['reasoning', 'reasoning'],
  ])('%s', async (_name, field) => {
    const client = new Client(app.url);
    const marker = `[[mock:reasoning field=${field}]]`;
    const run = await readChat(await client.postChat({ content: `${marker} hi` }));

    // Live: the browser's answer only ever grows towards the answer, with no piece of a tag.
    const states = browserStates(run.chunks);
    for (const s of states) {
      const content = s.choices[0]?.content ?? '';
      expect(REASONING_ANSWER.startsWith(content), JSON.stringify(content)).toBe(true);
    }
    expect(states.at(-1)?.choices[0]).toMatchObject({
      content: REASONING_ANSWER,
      reasoning: REASONING_TEXT,
    });
    expect(run.raw).not.toMatch(/<\/?th(ink)?\b|"ink>/);

    const answer = await saved(client, run.start.conversationId);
    expect(answer).toMatchObject({
      status: 'complete',
      content: REASONING_ANSWER,
      reasoning: REASONING_TEXT,
    });
    expect(answer?.reasoningMs).toEqual(expect.any(Number));

    // The next request carries the answer only: no reasoning, whatever field it came in.
    const next = `[[mock:echo]] and then, after ${field}?`;
    await readChat(
      await client.postChat({ conversationId: run.start.conversationId, content: next }),
    );
    const sent = await mock.waitForRequest((r) => JSON.stringify(r.body).includes(next), 5_000);
    const body = sent.body as { messages: Array<Record<string, unknown>> };
    expect(body.messages).toEqual([
      { role: 'user', content: `${marker} hi` },
      { role: 'assistant', content: REASONING_ANSWER },
      { role: 'user', content: next },
    ]);
    expect(JSON.stringify(body)).not.toContain(REASONING_TEXT.slice(0, 20));
    const assistant = JSON.stringify(body.messages.filter((m) => m.role === 'assistant'));
    expect(assistant).not.toMatch(/reasoning|think/);
  });

  it('a recorded llama.cpp stream with split tags is saved without them', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({
        content: '[[mock:replay file=llamacpp-think-tag-split-across-deltas.sse every=7]] go',
      }),
    );
    expect(await saved(client, run.start.conversationId)).toMatchObject({
      status: 'complete',
      content: 'The capital of France is Paris.',
      reasoning: 'Let me check: Paris is the capital.',
    });
  });
});

describe('upstream errors in plain words', () => {
  it.each([
    [
      'a string error (Ollama)',
      '[[mock:http status=404 shape=string]]',
      'model_not_found',
      /“mock-model” was not found.*The provider said: “model "llama3\.3" not found, try pulling it first”/,
      false,
    ],
    [
      'an HTML page from a proxy',
      '[[mock:http status=502 shape=html]]',
      'upstream_down',
      /not answering properly \(HTTP 502\): it may be down or restarting/,
      true,
    ],
    ['an empty 503', '[[mock:http status=503 shape=empty]]', 'upstream_down', /HTTP 503/, true],
    [
      'FastAPI detail on 401',
      '[[mock:http status=401 shape=detail]]',
      'upstream_auth',
      /rejected the server’s API key/,
      false,
    ],
  ])('%s', async (_name, marker, code, words, retryable) => {
    const client = new Client(app.url);
    const run = await readChat(await client.postChat({ content: `${marker} hi` }));
    expect(run.errors[0]).toMatchObject({ code, retryable });
    expect(run.errors[0]?.message).toMatch(words);
    expect(run.raw).not.toMatch(/<html|<title|nginx|127\.0\.0\.1|sk-test/);
    const answer = await saved(client, run.start.conversationId);
    expect(answer).toMatchObject({ status: 'error', error: { code } });
  });
});

describe('content filters', () => {
  it('finish_reason content_filter keeps the partial answer and ends it as filtered', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:text tokens=3 finish=content_filter]] hi' }),
    );
    expect(run.errors).toEqual([]);
    expect(await saved(client, run.start.conversationId)).toMatchObject({
      status: 'complete',
      content: 'tok1 tok2 tok3',
      finishReason: 'content_filter',
      error: null,
    });
  });
});
