import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { BodyTooLargeError, readBoundedJson } from '@/lib/server/upstream/bounded-body';
import { createRemoteUpstream } from '@/lib/server/providers/remote/upstream';
import { type MockUpstream, startMockUpstream } from '../mock-upstream/server';
import { type AppServer, startApp } from '../support/app-server';
import { Client, eventually, readChat } from './client';
import { startTestMcpServer, type TestMcpServer } from './mcp-server';

// Races and caps over real HTTP: the built app, the mock upstream and a real MCP server.

const KEY = 'sk-test-hardening-0123456789abcdef';
// Written into every message below; it must never reach the server log.
const PRIVATE_TEXT = 'PRIVATE-TEXT-d41d8cd98f00';
const ANSWER_MAX_CHARS = 50_000;
const EVENT_MAX_BYTES = 65_536;

let mock: MockUpstream;
let mcp: TestMcpServer;
let app: AppServer;

beforeAll(async () => {
  [mock, mcp] = await Promise.all([startMockUpstream({ apiKey: KEY }), startTestMcpServer()]);
  app = await startApp({
    env: {
      OPENAI_BASE_URL: mock.url,
      OPENAI_API_KEY: KEY,
      CHAT_MODEL: 'mock-model',
      MCP_SERVERS: JSON.stringify([{ name: 't', url: mcp.url, requireApproval: true }]),
      ANSWER_MAX_CHARS: String(ANSWER_MAX_CHARS),
      UPSTREAM_EVENT_MAX_BYTES: String(EVENT_MAX_BYTES),
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await Promise.all([mock?.close(), mcp?.close()]);
});

const unique = () => crypto.randomUUID().slice(0, 8);
const detail = async (client: Client, id: string) =>
  (await client.json<ConversationDetail>(`/api/conversations/${id}`)).body;
const streamedWith = (marker: string) =>
  mock
    .requests()
    .filter(
      (r) =>
        (r.body as { stream?: unknown } | null)?.stream === true &&
        JSON.stringify(r.body).includes(marker),
    );

async function firstTurn(client: Client): Promise<string> {
  const run = await readChat(
    await client.postChat({ content: `[[mock:text tokens=2]] ${PRIVATE_TEXT} hi` }),
  );
  return run.start.conversationId;
}

describe('no races', () => {
  it('two tabs sending to one conversation at once: one answer, the others a clear 409', async () => {
    const client = new Client(app.url);
    const conversationId = await firstTurn(client);
    const key = `race-${unique()}`;
    const marker = `[[mock:pause key=${key}]] ${PRIVATE_TEXT}`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => client.postChat({ conversationId, content: marker })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409)) {
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('conflict');
      expect(body.error.message).toMatch(/still being written/);
    }
    mock.release(key);
    const winner = responses.find((r) => r.status === 200) as Response;
    const run = await readChat(winner);
    expect(run.answer?.status).toBe('complete');

    const saved = await detail(client, conversationId);
    expect(saved.messages.map((m) => `${m.role}:${m.status}`)).toEqual([
      'user:complete',
      'assistant:complete',
      'user:complete',
      'assistant:complete',
    ]);
    expect(streamedWith(key)).toHaveLength(1);
  });

  it('two concurrent approvals of one tool call: the tool runs once', async () => {
    const client = new Client(app.url);
    const marker = `[[mock:tools calls=1 names=mcp__t__echo]] ${PRIVATE_TEXT} ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    const waiting = run.done?.messages.at(-1) as ChatMessage;
    expect(waiting.toolRun?.status).toBe('awaiting_approval');
    const callsBefore = mcp.requests.filter((r) => r.rpc === 'tools/call').length;

    const decide = (approve: boolean) =>
      client.fetch(`/api/chat/tools/${waiting.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ approve }),
      });
    const responses = await Promise.all([decide(true), decide(true), decide(true), decide(false)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const resumed = await readChat(responses.find((r) => r.status === 200) as Response);
    expect(resumed.answer?.status).toBe('complete');

    const toolCalls = mcp.requests.filter((r) => r.rpc === 'tools/call').length - callsBefore;
    const decided = resumed.done?.messages[0];
    // Whichever decision won: an approval ran the tool exactly once, a denial never.
    expect(toolCalls).toBe(decided?.toolRun?.status === 'denied' ? 0 : 1);
    // And the model was called back exactly once with the result.
    expect(streamedWith(marker)).toHaveLength(2);
  });
});

describe('bounded everything', () => {
  it('cuts an endless answer at ANSWER_MAX_CHARS, keeps and saves the part, and hangs up', async () => {
    const client = new Client(app.url);
    const marker = `[[mock:endless size=1000]] ${PRIVATE_TEXT} ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    expect(run.errors.map((e) => e.code)).toEqual(['answer_too_long']);
    expect(run.errors[0]?.message).toContain('ANSWER_MAX_CHARS');
    const [request] = streamedWith(marker);
    await mock.waitForAborted(request?.seq ?? -1, 10_000);

    const saved = (await detail(client, run.start.conversationId)).messages.at(-1);
    expect(saved).toMatchObject({ role: 'assistant', status: 'interrupted' });
    expect(saved?.error?.code).toBe('answer_too_long');
    expect(saved?.content.startsWith('tok1 tok2xxxx')).toBe(true);
    expect(saved?.content.length).toBeGreaterThan(ANSWER_MAX_CHARS);
    expect(saved?.content.length).toBeLessThanOrEqual(ANSWER_MAX_CHARS + 1000);
  });

  it('cuts a server-sent event that never ends at UPSTREAM_EVENT_MAX_BYTES', async () => {
    const client = new Client(app.url);
    const marker = `[[mock:endless event=1 size=4096]] ${PRIVATE_TEXT} ${unique()}`;
    const run = await readChat(await client.postChat({ content: marker }));
    expect(run.errors.map((e) => e.code)).toEqual(['upstream_event_too_large']);
    const [request] = streamedWith(marker);
    await mock.waitForAborted(request?.seq ?? -1, 10_000);
    const saved = (await detail(client, run.start.conversationId)).messages.at(-1);
    expect(saved).toMatchObject({ status: 'interrupted', content: 'tok1 tok2' });
  });

  it('refuses a single oversized event but passes big answers made of normal events', async () => {
    const client = new Client(app.url);
    const tooBig = await readChat(
      await client.postChat({ content: `[[mock:big bytes=${EVENT_MAX_BYTES * 2}]] ${unique()}` }),
    );
    expect(tooBig.errors.map((e) => e.code)).toEqual(['upstream_event_too_large']);
    expect(tooBig.answer?.status).toBe('interrupted');

    const fine = await readChat(
      await client.postChat({ content: `[[mock:big bytes=20000 count=2]] ${unique()}` }),
    );
    expect(fine.errors).toEqual([]);
    expect(fine.answer).toMatchObject({ status: 'complete' });
    expect(fine.answer?.content).toHaveLength(40_000);
  });

  it('a browser that stops reading stops nothing: the answer is generated and saved', async () => {
    const client = new Client(app.url);
    const marker = `[[mock:big bytes=10000 count=4]] ${PRIVATE_TEXT} ${unique()}`;
    const res = await client.postChat({ content: marker });
    expect(res.status).toBe(200);
    // Read only the start event, then never read again (the body stays open and unread).
    const reader = res.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    const conversationId = JSON.parse(/data: (.*)/.exec(first)?.[1] ?? '{}').conversationId;
    const saved = await eventually(
      () => detail(client, conversationId),
      (d) => d.messages.at(-1)?.status === 'complete',
    );
    expect(saved.messages.at(-1)?.content).toHaveLength(40_000);
    await reader?.cancel();
  });

  it('reads upstream bodies with a byte cap (model list, JSON answers)', async () => {
    const many = await startMockUpstream({
      models: Array.from({ length: 5000 }, (_, i) => `model-with-a-long-name-${i}`),
    });
    try {
      const upstream = createRemoteUpstream({
        baseUrl: many.url,
        apiKey: null,
        maxBodyBytes: 32 * 1024,
      });
      await expect(upstream.listModels()).rejects.toBeInstanceOf(BodyTooLargeError);
      const roomy = createRemoteUpstream({ baseUrl: many.url, apiKey: null, maxBodyBytes: 1e7 });
      expect(await roomy.listModels()).toHaveLength(5000);

      const big = await fetch(`${many.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'm',
          messages: [{ role: 'user', content: '[[mock:big bytes=2000000]]' }],
        }),
      });
      await expect(readBoundedJson(big, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    } finally {
      await many.close();
    }
  });
});

describe('logs', () => {
  it('are JSON lines with request ids, without message text or the API key', async () => {
    // A failure that is logged with its error: the upstream connection resets mid-answer.
    const client = new Client(app.url);
    // A proxy's request id is kept (the guard runs every handler under it); others get one.
    const reqId = `hardening-${unique()}`;
    const res = await client.fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': reqId },
      body: JSON.stringify({ content: `[[mock:reset after=2]] ${PRIVATE_TEXT}` }),
    });
    await readChat(res);
    const output = await eventually(
      async () => app.output(),
      (text) => text.split('\n').some((l) => l.includes(reqId) && l.includes('stream failed')),
    );
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const failed = entries.find((e) => e.msg === 'upstream stream failed' && e.reqId === reqId);
    expect(failed).toMatchObject({ level: 'warn', app: 'parley', reqId });
    expect(entries.find((e) => e.msg === 'an answer was cut by a limit')).toBeTruthy();
    expect(output).not.toContain(PRIVATE_TEXT);
    expect(output).not.toContain(KEY);
  });
});
