import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail, ModelsResponse } from '@/lib/chat/api-types';
import type { Conversation } from '@/lib/chat/types';
import type { MockUpstream } from '../mock-upstream/server';
import type { RecordedRequest } from '../mock-upstream/types';
import { Client, readChat } from './client';

// Two providers at once: the single-provider variables ("default", Bearer key) and an
// Azure-style one from PROVIDERS (api-key header, api-version query), each a real mock server.

const KEY_A = 'sk-test-provider-a-0123456789';
const AZURE_KEY = 'azure-key-provider-b-9876543210';

const mockA = withMockUpstream({ apiKey: KEY_A });
const mockB = withMockUpstream({ models: ['b-listed'] });
const app = withApp(() => ({
  env: {
    OPENAI_BASE_URL: mockA.url,
    OPENAI_API_KEY: KEY_A,
    CHAT_MODEL: 'mock-model',
    PROVIDERS: JSON.stringify([
      {
        name: 'azure',
        label: 'Azure',
        baseUrl: mockB.url,
        headers: { 'api-key': AZURE_KEY },
        query: { 'api-version': '2024-06-01' },
        models: ['b-model', 'b-tiny'],
        contextWindow: { 'b-tiny': 400 },
        reasoningModels: ['b-model'],
      },
    ]),
  },
}));

type Body = {
  model: string;
  messages: { role: string; content: string | null }[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  reasoning_effort?: string;
};
const bodyOf = (r: RecordedRequest) => r.body as Body;
const chats = (mock: MockUpstream, marker: string) =>
  mock
    .requests()
    .filter((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body).includes(marker));
const waitChat = (mock: MockUpstream, marker: string) =>
  mock.waitForRequest(
    (r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body).includes(marker),
    5_000,
  );
const detail = async (client: Client, id: string) =>
  (await client.json<ConversationDetail>(`/api/conversations/${id}`)).body;

describe('GET /api/models', () => {
  it('merges every provider’s configured and listed models, without keys or URLs', async () => {
    const client = new Client(app.url);
    const res = await client.fetch('/api/models');
    expect(res.status).toBe(200);
    const raw = await res.text();
    const list = JSON.parse(raw) as ModelsResponse;
    expect(list.providers).toEqual([
      { name: 'default', label: 'Default', error: null },
      { name: 'azure', label: 'Azure', error: null },
    ]);
    expect(list.models.map((m) => `${m.provider}/${m.id}`)).toEqual([
      'default/mock-model',
      'default/mock-model-2',
      'azure/b-model',
      'azure/b-tiny',
      'azure/b-listed',
    ]);
    expect(list).toMatchObject({
      defaultProvider: 'default',
      defaultModel: 'mock-model',
      demo: false,
    });
    expect(list.models.find((m) => m.id === 'b-tiny')?.contextWindow).toBe(400);
    expect(list.models.find((m) => m.id === 'b-model')?.reasoningEffort).toBe(true);
    expect(list.models.find((m) => m.id === 'mock-model')?.reasoningEffort).toBe(false);
    for (const secret of [KEY_A, AZURE_KEY, '127.0.0.1']) {
      expect(raw).not.toContain(secret);
    }
    // A port as a whole number: as a bare substring, port 41943 is inside the default
    // maxFileBytes (4194304), and CI once drew it.
    for (const port of [mockA.port, mockB.port]) {
      expect(raw).not.toMatch(new RegExp(`(?<![0-9])${port}(?![0-9])`));
    }

    // Each provider was asked with its own credentials.
    const listA = mockA.requests().find((r) => r.path === '/v1/models');
    const listB = mockB.requests().find((r) => r.path === '/v1/models');
    expect(listA?.headers.authorization).toBe(`Bearer ${KEY_A}`);
    expect(listB?.headers['api-key']).toBe(AZURE_KEY);
    expect(listB?.headers.authorization).toBeUndefined();
    expect(listB?.query).toEqual({ 'api-version': '2024-06-01' });
  });
});

describe('choosing a provider and model', () => {
  it('sends the request to the chosen provider with its headers, query and key, and remembers it', async () => {
    const client = new Client(app.url);
    const first = await readChat(
      await client.postChat({
        provider: 'azure',
        model: 'b-model',
        content: '[[mock:echo]] to-b-1',
      }),
    );
    expect(first.answer).toMatchObject({ status: 'complete', content: 'to-b-1' });
    const sent = await waitChat(mockB, 'to-b-1');
    expect(sent.headers['api-key']).toBe(AZURE_KEY);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.query).toEqual({ 'api-version': '2024-06-01' });
    expect(bodyOf(sent).model).toBe('b-model');
    expect(chats(mockA, 'to-b-1')).toHaveLength(0);

    const id = first.start.conversationId;
    expect((await detail(client, id)).conversation).toMatchObject({
      provider: 'azure',
      model: 'b-model',
    });
    // The next message names no model: the conversation's choice holds.
    await readChat(await client.postChat({ conversationId: id, content: '[[mock:echo]] to-b-2' }));
    expect(bodyOf(await waitChat(mockB, 'to-b-2')).model).toBe('b-model');
    expect(chats(mockA, 'to-b-2')).toHaveLength(0);

    // Switching the conversation to the other provider's model (PUT …/model).
    const put = await client.json<{ conversation: Conversation }>(
      `/api/conversations/${id}/model`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'default', model: 'mock-model-2' }),
      },
    );
    expect(put.status).toBe(200);
    expect(put.body.conversation).toMatchObject({ provider: 'default', model: 'mock-model-2' });
    await readChat(await client.postChat({ conversationId: id, content: '[[mock:echo]] to-a-3' }));
    const toA = await waitChat(mockA, 'to-a-3');
    expect(toA.headers.authorization).toBe(`Bearer ${KEY_A}`);
    expect(toA.headers['api-key']).toBeUndefined();
    expect(toA.query).toEqual({});
    expect(bodyOf(toA).model).toBe('mock-model-2');
    expect(chats(mockB, 'to-a-3')).toHaveLength(0);
  });

  it('uses the default provider and model when none is named', async () => {
    const client = new Client(app.url);
    await readChat(await client.postChat({ content: '[[mock:echo]] plain-default' }));
    const sent = await waitChat(mockA, 'plain-default');
    expect(bodyOf(sent).model).toBe('mock-model');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY_A}`);
  });

  it.each([
    [{ provider: 'nope', model: 'b-model' }, /provider “nope” is not configured/],
    [
      { provider: 'azure', model: 'mock-model' },
      /“mock-model” is not available from the provider “azure”/,
    ],
    [{ model: 'gpt-unknown' }, /“gpt-unknown” is not available/],
    [{ provider: 'http://127.0.0.1:1/v1', model: 'x' }, /provider/],
  ])('refuses %j with 400 before anything is saved or sent', async (choice, message) => {
    const client = new Client(app.url);
    const marker = `refused-${Math.random().toString(36).slice(2)}`;
    const res = await client.postChat({ ...choice, content: `[[mock:echo]] ${marker}` });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toMatch(message);
    const list = await client.json<{ items: unknown[] }>('/api/conversations');
    expect(list.body.items).toEqual([]);
    expect([...chats(mockA, marker), ...chats(mockB, marker)]).toHaveLength(0);
  });

  it('refuses an unknown model in PUT …/model', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:text tokens=1]] put-bad' }),
    );
    const res = await client.fetch(`/api/conversations/${run.start.conversationId}/model`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'azure', model: 'mock-model' }),
    });
    expect(res.status).toBe(400);
    expect((await detail(client, run.start.conversationId)).conversation.model).toBe('mock-model');
  });
});

describe('conversation settings', () => {
  const settings = {
    systemPrompt: 'You are terse. Answer in French.',
    temperature: 0.2,
    topP: 0.5,
    maxTokens: 77,
    reasoningEffort: 'high',
  };

  it('applies a new conversation’s settings: system prompt first, sampling and reasoning effort', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({
        provider: 'azure',
        model: 'b-model',
        settings,
        content: '[[mock:echo]] settings-1',
      }),
    );
    const sent = bodyOf(await waitChat(mockB, 'settings-1'));
    expect(sent.messages).toEqual([
      { role: 'system', content: settings.systemPrompt },
      { role: 'user', content: '[[mock:echo]] settings-1' },
    ]);
    expect(sent).toMatchObject({
      temperature: 0.2,
      top_p: 0.5,
      max_tokens: 77,
      reasoning_effort: 'high',
    });

    // Stored as settings, never as a message.
    const saved = await detail(client, run.start.conversationId);
    expect(saved.conversation.settings).toMatchObject(settings);
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(saved.messages)).not.toContain('Answer in French');

    // Changed through PUT …/settings: the next request uses the new values, unset ones vanish.
    const put = await client.fetch(`/api/conversations/${run.start.conversationId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ systemPrompt: 'Reply in haiku.', temperature: 1.4 }),
    });
    expect(put.status).toBe(200);
    await readChat(
      await client.postChat({
        conversationId: run.start.conversationId,
        content: '[[mock:echo]] settings-2',
      }),
    );
    const next = bodyOf(await waitChat(mockB, 'settings-2'));
    expect(next.messages[0]).toEqual({ role: 'system', content: 'Reply in haiku.' });
    expect(next.messages.filter((m) => m.role === 'system')).toHaveLength(1);
    expect(next.temperature).toBe(1.4);
    expect(next).not.toHaveProperty('top_p');
    expect(next).not.toHaveProperty('max_tokens');
    expect(next).not.toHaveProperty('reasoning_effort');
  });

  it('does not send a reasoning effort to a model that does not take it', async () => {
    const client = new Client(app.url);
    await readChat(await client.postChat({ settings, content: '[[mock:echo]] no-effort' }));
    const sent = bodyOf(await waitChat(mockA, 'no-effort'));
    expect(sent.model).toBe('mock-model');
    expect(sent.messages[0]?.role).toBe('system');
    expect(sent).not.toHaveProperty('reasoning_effort');
    expect(sent.max_tokens).toBe(77);
  });

  it.each([
    ['temperature 3', { temperature: 3 }, /temperature/i],
    ['top P -0.1', { topP: -0.1 }, /top p/i],
    ['max tokens 1.5', { maxTokens: 1.5 }, /whole number/],
    ['max tokens 2e6', { maxTokens: 2_000_000 }, /max tokens/i],
    ['reasoning effort "extreme"', { reasoningEffort: 'extreme' }, /reasoning effort/i],
    ['a system prompt of 20,001 characters', { systemPrompt: 'x'.repeat(20_001) }, /20,000/],
  ])('validates %s', async (_name, bad, message) => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: '[[mock:text tokens=1]] validate' }),
    );
    const res = await client.fetch(`/api/conversations/${run.start.conversationId}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bad),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
  });
});

describe('context window', () => {
  it('leaves the oldest messages out of the request, keeps them saved, and says where the view starts', async () => {
    const client = new Client(app.url);
    const filler = 'a'.repeat(400); // ~100 tokens each; the window is 400 with 100 kept for the reply
    const first = await readChat(
      await client.postChat({
        provider: 'azure',
        model: 'b-tiny',
        settings: { systemPrompt: 'Stay short.' },
        // Tool definitions count against the window too; without them the arithmetic is simple.
        tools: [],
        content: `[[mock:text tokens=2]] ctx-1 ${filler}`,
      }),
    );
    const id = first.start.conversationId;
    expect(first.answer?.contextStartId ?? null).toBeNull();
    const second = await readChat(
      await client.postChat({
        conversationId: id,
        content: `[[mock:text tokens=2]] ctx-2 ${filler}`,
      }),
    );
    expect(second.answer?.contextStartId ?? null).toBeNull();
    const third = await readChat(
      await client.postChat({
        conversationId: id,
        content: `[[mock:text tokens=2]] ctx-3 ${filler}`,
      }),
    );

    const sent = bodyOf(await waitChat(mockB, 'ctx-3'));
    // The system prompt stays; the first exchange is left out; the kept part starts at a user message.
    expect(sent.messages.map((m) => [m.role, m.content?.slice(0, 28)])).toEqual([
      ['system', 'Stay short.'],
      ['user', `[[mock:text tokens=2]] ctx-2`],
      ['assistant', 'tok1 tok2'],
      ['user', `[[mock:text tokens=2]] ctx-3`],
    ]);

    const saved = await detail(client, id);
    expect(saved.messages).toHaveLength(6);
    const secondUser = saved.messages[2];
    expect(secondUser?.content).toContain('ctx-2');
    expect(third.answer?.contextStartId).toBe(secondUser?.id);
    expect(saved.messages.at(-1)?.contextStartId).toBe(secondUser?.id);
  });

  it('leaves nothing out for a model with a large window', async () => {
    const client = new Client(app.url);
    const filler = 'a'.repeat(400);
    const first = await readChat(
      await client.postChat({ content: `[[mock:text tokens=2]] big-1 ${filler}` }),
    );
    const id = first.start.conversationId;
    await readChat(
      await client.postChat({
        conversationId: id,
        content: `[[mock:text tokens=2]] big-2 ${filler}`,
      }),
    );
    const third = await readChat(
      await client.postChat({
        conversationId: id,
        content: `[[mock:text tokens=2]] big-3 ${filler}`,
      }),
    );
    expect(bodyOf(await waitChat(mockA, 'big-3')).messages).toHaveLength(5);
    expect(third.answer?.contextStartId ?? null).toBeNull();
  });
});
