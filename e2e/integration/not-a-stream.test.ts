// A 200 that is not an event stream, to a streaming request: one JSON chat completion (a server
// that ignores `stream: true`) is the answer, shown and saved like a streamed one, tools and
// all; anything else is an error in words, never an answer interrupted without a reason.
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { type ChatRun, Client, readChat } from './client';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

const unique = () => crypto.randomUUID().slice(0, 8);
// The clock tool's result (and the answer quoting it) differ by the second between two turns.
const digitless = (text: string) => text.replace(/\d/g, '#');
/** What a reader sees of a turn: roles, statuses, texts, tool calls and runs, usage. */
const view = (messages: ChatMessage[]) =>
  messages.map((m) => ({
    role: m.role,
    status: m.status,
    content: digitless(m.content),
    toolCalls: m.toolCalls?.map((c) => [c.id, c.function.name, c.function.arguments]) ?? null,
    toolRun: m.toolRun?.status ?? null,
    finishReason: m.finishReason ?? null,
    // Prompt tokens differ with the marker's length; that there is a count is what matters.
    usage: m.usage ? typeof m.usage.total_tokens : null,
    error: m.error ?? null,
  }));
const chunkText = (run: ChatRun) =>
  digitless(
    (run.chunks as { choices?: { delta?: { content?: string | null } }[] }[])
      .map((c) => c.choices?.[0]?.delta?.content ?? '')
      .join(''),
  );

async function turn(client: Client, content: string) {
  const run = await readChat(await client.postChat({ content, timeZone: 'Asia/Tokyo' }));
  const saved = await client.json<ConversationDetail>(
    `/api/conversations/${run.start.conversationId}`,
  );
  return { run, saved: saved.body.messages };
}

// Each turn with tools is two model calls and two tool runs: slow on a busy machine.
describe('a provider that answers a streaming request with something other than a stream', {
  timeout: 90_000,
}, () => {
  it('one JSON chat completion with tool calls is shown and saved like the streamed answer', async () => {
    const client = new Client(app.url);
    const tools = 'tools calls=2 names=get_current_time,calculate usage';
    const streamed = await turn(client, `[[mock:${tools}]] ${unique()}`);
    for (const nostream of ['nostream', 'nostream=text/plain']) {
      const whole = await turn(client, `[[mock:${tools} ${nostream}]] ${unique()}`);
      // Everything after the user's own message (whose marker differs).
      expect(view(whole.run.done?.messages ?? []).slice(1)).toEqual(
        view(streamed.run.done?.messages ?? []).slice(1),
      );
      // The tools ran: their results went back to the model, whose final answer quotes them.
      expect(whole.run.answer?.content).toContain('Tool results:');
      expect(whole.run.errors).toEqual([]);
      // Shown as it is saved: the chunks carry the same text, a reload shows the same turn.
      expect(chunkText(whole.run)).toBe(chunkText(streamed.run));
      expect(whole.saved.slice(1)).toEqual(whole.run.done?.messages.slice(1));
    }
  });

  it('a text answer with reasoning as one JSON completion is the answer', async () => {
    const client = new Client(app.url);
    const streamed = await turn(client, `[[mock:reasoning usage]] ${unique()}`);
    const whole = await turn(client, `[[mock:reasoning usage nostream]] ${unique()}`);
    expect(whole.run.answer).toMatchObject({
      status: 'complete',
      content: streamed.run.answer?.content,
      reasoning: streamed.run.answer?.reasoning,
      usage: { total_tokens: streamed.run.answer?.usage?.total_tokens },
    });
  });

  it.each([
    ['type=html', 'a web page'],
    ['type=html content-type=text/event-stream', 'a web page'],
    ['type=text', 'plain text (“Ollama is running”)'],
    ['type=json', 'data that is not a chat completion'],
    ['type=empty', 'an empty response'],
  ])('page %s is an error in words: the provider answered with %s', async (params, what) => {
    const client = new Client(app.url);
    const { run, saved } = await turn(client, `[[mock:page ${params}]] ${unique()}`);
    const error = {
      code: 'not_a_stream',
      message: `The AI provider answered with ${what} instead of a chat stream: check that the base URL points at the API, usually ending in /v1 (OPENAI_BASE_URL, or the provider’s baseUrl in PROVIDERS).`,
      retryable: false,
    };
    expect(run.errors).toEqual([error]);
    expect(run.answer).toMatchObject({ status: 'error', content: '', error });
    expect(saved[1]).toMatchObject({ status: 'error', content: '', error });
  });
});
