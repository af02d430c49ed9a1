import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import type { RecordedRequest } from '../mock-upstream/types';
import { type AppServer, startApp } from '../support/app-server';
import { Client, readChat } from './client';

let mock: MockUpstream;
let app: AppServer;
let strict: AppServer;

beforeAll(async () => {
  mock = await startMockUpstream();
  const env = { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' };
  [app, strict] = await Promise.all([
    startApp({ env }),
    startApp({ env: { ...env, TOOL_APPROVAL: 'calculate', TOOL_MAX_STEPS: '1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), strict?.stop()]);
  await mock?.close();
});

type Body = {
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
};
// Streaming requests only: a first exchange is followed by a non-streaming title request.
const upstreamCalls = (marker: string): (RecordedRequest & { body: Body })[] =>
  mock
    .requests()
    .filter(
      (r) =>
        (r.body as { stream?: unknown } | null)?.stream === true &&
        JSON.stringify(r.body).includes(marker),
    ) as (RecordedRequest & { body: Body })[];
const shape = (messages: ChatMessage[]) =>
  messages.map((m) => (m.role === 'tool' ? `tool:${m.toolRun?.status}` : `${m.role}:${m.status}`));
const unique = () => crypto.randomUUID().slice(0, 8);

describe('the server-side tool loop', () => {
  it('runs parallel calls, feeds the results back and streams the final answer as one turn', async () => {
    const client = new Client(app.url);
    const marker = `[[mock:tools calls=2 split=5 names=get_current_time,calculate]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker, timeZone: 'Asia/Tokyo' }));
    expect(shape(run.done?.messages ?? [])).toEqual([
      'user:complete',
      'assistant:complete',
      'tool:done',
      'tool:done',
      'assistant:complete',
    ]);
    const [, , time, calc, final] = run.done?.messages ?? [];
    expect(JSON.parse(time?.content ?? '{}').timezone).toBe('Europe/Paris');
    expect(calc?.content).toContain('4');
    expect(final?.content).toContain('Tool results:');
    expect(final?.content).toContain(calc?.content);

    const calls = upstreamCalls(marker);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body.tools?.map((t) => t.function.name)).toEqual(
      expect.arrayContaining(['get_current_time', 'calculate', 'convert_units']),
    );
    const second = calls[1]?.body.messages ?? [];
    expect(second.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
      'call_mock_1',
      'call_mock_2',
    ]);

    // Saved exactly as streamed: a reload shows the same turn.
    const saved = (
      await client.json<ConversationDetail>(`/api/conversations/${run.start.conversationId}`)
    ).body;
    expect(saved.messages).toEqual(run.done?.messages);
  });

  it('tells the model a tool does not exist, and lets it answer in words', async () => {
    const client = new Client(app.url);
    // The mock asks for get_time (unknown here) and calculate.
    const marker = `[[mock:tools calls=2]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    expect(shape(run.done?.messages ?? [])).toEqual([
      'user:complete',
      'assistant:complete',
      'tool:not_executed',
      'tool:done',
      'assistant:complete',
    ]);
    const calls = upstreamCalls(marker);
    expect(calls).toHaveLength(2);
    const results = (calls[1]?.body.messages ?? []).filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual(['call_mock_1', 'call_mock_2']);
    expect(results[0]?.content).toBe(
      'Parley has no tool named “get_time” (or it is turned off), so it was not run. Answer without it.',
    );
    expect(run.answer?.content).toContain('no tool named “get_time”');
  });

  it('hands a tool error to the model as the tool result', async () => {
    const client = new Client(app.url);
    // calculate gets {"timezone": …}: its arguments fail validation.
    const marker = `[[mock:tools calls=1 names=calculate]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    const tool = run.done?.messages.find((m) => m.role === 'tool');
    expect(tool).toMatchObject({
      status: 'error',
      toolRun: { status: 'error', name: 'calculate' },
    });
    expect(tool?.content).toBeTruthy();
    const second = upstreamCalls(marker)[1]?.body.messages ?? [];
    expect(second.find((m) => m.role === 'tool')?.content).toBe(tool?.content);
    expect(run.answer?.content).toContain(tool?.content ?? '\u0000');
  });

  it('sends only the tools the conversation enabled', async () => {
    const client = new Client(app.url);
    const marker = `[[mock:text tokens=2]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker, tools: ['calculate'] }));
    expect(upstreamCalls(marker)[0]?.body.tools?.map((t) => t.function.name)).toEqual([
      'calculate',
    ]);

    const put = await client.fetch(`/api/conversations/${run.start.conversationId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tools: [] }),
    });
    expect(put.status).toBe(200);
    const again = `[[mock:text tokens=2]] again ${unique()}`;
    await readChat(
      await client.postChat({ conversationId: run.start.conversationId, content: again }),
    );
    expect(upstreamCalls(again)[0]?.body).not.toHaveProperty('tools');

    const stranger = new Client(app.url);
    const denied = await stranger.fetch(`/api/conversations/${run.start.conversationId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tools: ['calculate'] }),
    });
    expect(denied.status).toBe(404);
  });
});

describe('approval and the step cap', () => {
  it('pauses for approval, then runs the approved tool and continues the turn', async () => {
    const client = new Client(strict.url);
    const marker = `[[mock:tools calls=2 names=get_current_time,calculate]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    expect(shape(run.done?.messages ?? [])).toEqual([
      'user:complete',
      'assistant:complete',
      'tool:done',
      'tool:awaiting_approval',
    ]);
    const waiting = run.done?.messages.at(-1) as ChatMessage;

    const stranger = new Client(strict.url);
    const refused = await stranger.fetch(`/api/chat/tools/${waiting.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approve: true }),
    });
    expect(refused.status).toBe(404);

    const res = await client.fetch(`/api/chat/tools/${waiting.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approve: true }),
    });
    const resumed = await readChat(res);
    expect(shape(resumed.done?.messages ?? [])).toEqual(['tool:done', 'assistant:complete']);
    expect(resumed.answer?.content).toContain('Tool results:');
    const calls = upstreamCalls(marker);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body.messages.filter((m) => m.role === 'tool')).toHaveLength(2);

    const twice = await client.fetch(`/api/chat/tools/${waiting.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approve: false }),
    });
    expect(twice.status).toBe(409);
  });

  it('tells the model when the user denies a call', async () => {
    const client = new Client(strict.url);
    const marker = `[[mock:tools calls=2 names=get_current_time,calculate]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    const waiting = run.done?.messages.at(-1) as ChatMessage;
    const res = await client.fetch(`/api/chat/tools/${waiting.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approve: false }),
    });
    const resumed = await readChat(res);
    expect(resumed.done?.messages[0]).toMatchObject({ toolRun: { status: 'denied' } });
    const sent = upstreamCalls(marker)[1]?.body.messages ?? [];
    expect(sent.find((m) => m.tool_call_id === 'call_mock_2')?.content).toMatch(/denied/);
  });

  it('stops after TOOL_MAX_STEPS model calls with tools and says so', async () => {
    const client = new Client(strict.url);
    const marker = `[[mock:tools calls=1 names=get_current_time]] ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    expect(shape(run.done?.messages ?? [])).toEqual([
      'user:complete',
      'assistant:complete',
      'tool:done',
    ]);
    expect(run.errors[0]?.code).toBe('step_limit');
    expect(run.answer?.error?.code).toBe('step_limit');
    expect(upstreamCalls(marker)).toHaveLength(1);
  });
});
