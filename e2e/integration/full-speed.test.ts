// A long answer at full speed: chunks that arrive together are sent on (and logged) together,
// and nothing of the answer is lost on the way: not to the browser, not in the database, not in
// the live log a reload replays, not when the browser leaves.
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { createSSEDecoder, type SSEMessage } from '@/lib/openai/sse';
import { Client, eventually, readChat } from './client';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

beforeAll(async () => {
  // The route's first request (module loading, the database opening) belongs to the hook, not
  // to the first test's time.
  await readChat(await new Client(app.url).postChat({ content: '[[mock:text tokens=1]] warm' }));
});

const TOKENS = 2000;
const expected = Array.from({ length: TOKENS }, (_, i) => `${i ? ' ' : ''}tok${i + 1}`).join('');
const contentOf = (chunks: unknown[]) =>
  (chunks as { choices?: { delta?: { content?: string } }[] }[])
    .map((c) => c.choices?.[0]?.delta?.content ?? '')
    .join('');
const chunksOf = (messages: SSEMessage[]) =>
  messages.filter((m) => !m.event).map((m) => JSON.parse(m.data) as unknown);

async function replay(client: Client, conversationId: string): Promise<SSEMessage[]> {
  const res = await client.fetch(`/api/conversations/${conversationId}/stream?after=0`);
  if (res.status !== 200) throw new Error(`resume: HTTP ${res.status}`);
  const messages: SSEMessage[] = [];
  const decoder = createSSEDecoder((m) => messages.push(m));
  decoder.push(new Uint8Array(await res.arrayBuffer()));
  decoder.end();
  return messages;
}

async function savedAnswer(client: Client, conversationId: string): Promise<ChatMessage> {
  const saved = await eventually(
    () => client.json<ConversationDetail>(`/api/conversations/${conversationId}`),
    (r) => r.body.messages.at(-1)?.status === 'complete',
  );
  const answer = saved.body.messages.at(-1);
  if (!answer) throw new Error('no answer saved');
  return answer;
}

describe(`a ${TOKENS}-token answer at full speed`, () => {
  it('arrives in fewer, larger chunks that rebuild it exactly; saved and replayable whole', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: `[[mock:text tokens=${TOKENS}]]` }),
    );
    expect(contentOf(run.chunks)).toBe(expected);
    // Tokens that arrived in one read went on as one chunk (one encoding, one write, one frame).
    expect(run.chunks.length).toBeLessThan(TOKENS);
    expect(run.answer).toMatchObject({ status: 'complete', content: expected });

    const conversationId = run.start.conversationId;
    expect((await savedAnswer(client, conversationId)).content).toBe(expected);
    // The live log holds every frame once, numbered without gaps, as the browser got them.
    const log = await replay(client, conversationId);
    const ids = log.filter((m) => m.id).map((m) => Number(m.id));
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    expect(contentOf(chunksOf(log))).toBe(expected);
    expect(log.at(-1)?.event).toBe('done');
  });

  it('is saved whole and replayable after the browser disconnects at the start', async () => {
    const client = new Client(app.url);
    const abort = new AbortController();
    const res = await client.postChat(
      { content: `[[mock:text tokens=${TOKENS}]] gone` },
      abort.signal,
    );
    const partial = await readChat(res, (m) => (m.event === 'start' ? 'stop-reading' : undefined));
    abort.abort();
    const conversationId = partial.start.conversationId;
    expect((await savedAnswer(client, conversationId)).content).toBe(expected);
    const log = await replay(client, conversationId);
    expect(contentOf(chunksOf(log))).toBe(expected);
  });
});
