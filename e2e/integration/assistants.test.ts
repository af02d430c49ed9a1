// Assistants through the real routes: configured ones are read-only, a user's own carry their
// prompt, model, settings, tools and files into the upstream request (checked at the mock), a
// conversation keeps its copy when the assistant changes, links share them, limits hold.
import { describe, expect, it } from 'vitest';
import type { Assistant, SharedAssistant } from '@/lib/chat/assistants';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { withApp, withMockUpstream } from '../support/with-app';
import { Client, readChat } from './client';
import { Anonymous } from './share-support';

const CONFIGURED = [
  {
    name: 'SQL reviewer',
    description: 'Reviews queries',
    systemPrompt: 'You review SQL.',
    provider: 'default',
    model: 'other-model',
    settings: { temperature: 0.2 },
    tools: ['calculate'],
    starters: ['Review this query'],
  },
];

const mock = withMockUpstream();
const app = withApp(() => ({
  env: {
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    CHAT_MODELS: 'mock-model,other-model',
    ASSISTANTS: JSON.stringify(CONFIGURED),
    ASSISTANTS_PER_USER: '3',
  },
}));

type Body = {
  model: string;
  messages: { role: string; content: unknown }[];
  tools?: { function: { name: string } }[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  stream?: boolean;
};
const upstream = (marker: string) =>
  mock
    .requests()
    .map((r) => r.body as Body | null)
    .filter((b): b is Body => b?.stream === true && JSON.stringify(b).includes(marker));
const unique = () => crypto.randomUUID().slice(0, 8);
const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

async function upload(client: Client, name: string, text: string): Promise<string> {
  const res = await client.fetch(`/api/attachments?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: text,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { attachment: { id: string } }).attachment.id;
}

async function create(client: Client, fields: Record<string, unknown>): Promise<Assistant> {
  const res = await send(client, 'POST', '/api/assistants', fields);
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { assistant: Assistant }).assistant;
}

const translator = (files: string[] = []) => ({
  name: 'German translator',
  description: 'Translates into German',
  avatar: '🇩🇪',
  systemPrompt: 'Translate everything into German.',
  model: 'other-model',
  settings: { temperature: 0.3, topP: 0.9, maxTokens: 321 },
  tools: ['calculate'],
  starters: ['Translate: good morning'],
  files,
});

describe('configured assistants', () => {
  it('are listed for everyone and cannot be edited, deleted or shared; a copy can', async () => {
    const visitor = await new Anonymous(app.url).json<{ items: Assistant[] }>('/api/assistants');
    expect(visitor.body.items.map((a) => [a.id, a.source, a.name])).toEqual([
      ['config-sql-reviewer', 'config', 'SQL reviewer'],
    ]);
    const user = new Client(app.url);
    const id = 'config-sql-reviewer';
    expect((await user.json<{ assistant: Assistant }>(`/api/assistants/${id}`)).status).toBe(200);
    for (const [method, path, body] of [
      ['PUT', `/api/assistants/${id}`, { name: 'Mine now', systemPrompt: 'x' }],
      ['DELETE', `/api/assistants/${id}`, undefined],
      ['PUT', `/api/assistants/${id}/share`, { showPrompt: true }],
    ] as const) {
      const res = await send(user, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.message).toContain('configuration');
    }
    const copy = await send(user, 'POST', `/api/assistants/${id}/duplicate`);
    expect(copy.status).toBe(201);
    const { assistant } = (await copy.json()) as { assistant: Assistant };
    expect(assistant).toMatchObject({ source: 'own', name: 'SQL reviewer (copy)', version: 1 });
    expect(assistant.systemPrompt).toBe('You review SQL.');
  });

  it('start a chat with their model, settings and tools', async () => {
    const user = new Client(app.url);
    const marker = `[[mock:text tokens=2]] ${unique()}`;
    const run = await readChat(
      await user.postChat({ content: marker, assistantId: 'config-sql-reviewer' }),
    );
    const [body] = upstream(marker);
    expect(body?.model).toBe('other-model');
    expect(body?.temperature).toBe(0.2);
    expect(body?.messages[0]).toEqual({ role: 'system', content: 'You review SQL.' });
    expect(body?.tools?.map((t) => t.function.name)).toEqual(['calculate']);
    expect(run.start.conversation?.assistant).toMatchObject({ id: 'config-sql-reviewer' });
  });
});

describe("a user's own assistant", () => {
  it('carries its prompt, model, settings, tools and files upstream; the chat keeps its copy', async () => {
    const user = new Client(app.url);
    const file = await upload(user, 'glossary.txt', 'Kaffee means coffee.');
    const assistant = await create(user, translator([file]));
    expect(assistant.files).toEqual([{ id: file, name: 'glossary.txt', chars: 20 }]);

    const marker = `[[mock:text tokens=2]] ${unique()}`;
    const run = await readChat(await user.postChat({ content: marker, assistantId: assistant.id }));
    const conversationId = run.start.conversationId;
    const [body] = upstream(marker);
    expect(body).toMatchObject({ model: 'other-model', temperature: 0.3, top_p: 0.9 });
    expect(body?.max_tokens).toBe(321);
    expect(body?.tools?.map((t) => t.function.name)).toEqual(['calculate']);
    expect(body?.messages[0]).toEqual({
      role: 'system',
      content:
        'Translate everything into German.\n\nReference file: glossary.txt\n\nKaffee means coffee.',
    });

    // Edited: a new version; the conversation keeps what it started with.
    const edited = await send(user, 'PUT', `/api/assistants/${assistant.id}`, {
      ...translator([file]),
      systemPrompt: 'Translate everything into French.',
      model: 'mock-model',
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { assistant: Assistant }).assistant.version).toBe(2);
    const detail = await user.json<ConversationDetail>(`/api/conversations/${conversationId}`);
    expect(detail.body.conversation.assistant).toMatchObject({
      id: assistant.id,
      version: 1,
      name: 'German translator',
      avatar: '🇩🇪',
    });
    expect(detail.body.conversation.settings.systemPrompt).toBe(
      'Translate everything into German.',
    );

    // Deleted: the conversation still answers with its own copy, files included.
    expect((await send(user, 'DELETE', `/api/assistants/${assistant.id}`)).status).toBe(204);
    const next = `[[mock:text tokens=1]] ${unique()}`;
    await readChat(await user.postChat({ content: next, conversationId }));
    const [again] = upstream(next);
    expect(again?.model).toBe('other-model');
    expect(JSON.stringify(again?.messages[0])).toContain('German');
    expect(JSON.stringify(again?.messages[0])).toContain('Kaffee means coffee.');
  });

  it("is not another user's: 404 for every route, and no chat starts from it", async () => {
    const owner = new Client(app.url);
    const mine = await create(owner, translator());
    const other = new Client(app.url);
    for (const [method, path] of [
      ['GET', `/api/assistants/${mine.id}`],
      ['DELETE', `/api/assistants/${mine.id}`],
      ['POST', `/api/assistants/${mine.id}/duplicate`],
      ['PUT', `/api/assistants/${mine.id}/share`],
    ] as const) {
      expect((await send(other, method, path)).status, `${method} ${path}`).toBe(404);
    }
    const res = await other.postChat({ content: 'hi', assistantId: mine.id });
    expect(res.status).toBe(404);
    const list = await other.json<{ items: Assistant[] }>('/api/assistants');
    expect(list.body.items.some((a) => a.id === mine.id)).toBe(false);
  });

  it('refuses another user’s upload as a file, and more assistants than ASSISTANTS_PER_USER', async () => {
    const user = new Client(app.url);
    const stranger = new Client(app.url);
    const theirs = await upload(stranger, 'secret.txt', 'not yours');
    const refused = await send(user, 'POST', '/api/assistants', translator([theirs]));
    expect(refused.status).toBe(400);
    for (let i = 0; i < 3; i++) await create(user, { ...translator(), name: `T${i}` });
    const over = await send(user, 'POST', '/api/assistants', translator());
    expect(over.status).toBe(409);
    expect((await over.json()).error.message).toContain('at most 3 assistants');
  });

  it('keeps names and starters as plain one-line text and checks every field', async () => {
    const user = new Client(app.url);
    const a = await create(user, {
      ...translator(),
      name: '<img src=x onerror=alert(1)>\u202e\n Name',
      starters: ['<b>bold</b>'],
    });
    expect(a.name).toBe('<img src=x onerror=alert(1)> Name');
    expect(a.starters).toEqual(['<b>bold</b>']);
    for (const bad of [
      { ...translator(), systemPrompt: 'x'.repeat(20_001) },
      { ...translator(), starters: ['1', '2', '3', '4', '5'] },
      { ...translator(), settings: { temperature: 3 } },
      { ...translator(), name: '' },
      { ...translator(), unknown: true },
    ]) {
      expect((await send(user, 'POST', '/api/assistants', bad)).status).toBe(400);
    }
  });
});

describe('a shared assistant', () => {
  it('shows its page without the prompt unless ticked, and copies into a visitor’s list', async () => {
    const owner = new Client(app.url);
    const file = await upload(owner, 'terms.txt', 'Brot means bread.');
    const a = await create(owner, translator([file]));
    const shared = await send(owner, 'PUT', `/api/assistants/${a.id}/share`, {
      showPrompt: false,
    });
    const link = ((await shared.json()) as { assistant: Assistant }).assistant.share;
    expect(link).toMatchObject({ showPrompt: false });
    const path = `/api/assistant-shares/${link?.id}`;
    const seen = await new Anonymous(app.url).json<{ assistant: SharedAssistant }>(path);
    expect(seen.body.assistant).toEqual({
      name: 'German translator',
      description: 'Translates into German',
      avatar: '🇩🇪',
      starters: ['Translate: good morning'],
      model: 'other-model',
      tools: ['calculate'],
      files: ['terms.txt'],
    });
    await send(owner, 'PUT', `/api/assistants/${a.id}/share`, { showPrompt: true });
    const shown = await new Anonymous(app.url).json<{ assistant: SharedAssistant }>(path);
    expect(shown.body.assistant.systemPrompt).toBe('Translate everything into German.');

    const visitor = new Client(app.url);
    const used = await send(visitor, 'POST', `${path}/use`);
    expect(used.status).toBe(201);
    const copy = ((await used.json()) as { assistant: Assistant }).assistant;
    expect(copy).toMatchObject({ name: 'German translator', share: null, version: 1 });
    expect(copy.id).not.toBe(a.id);
    const marker = `[[mock:text tokens=1]] ${unique()}`;
    await readChat(await visitor.postChat({ content: marker, assistantId: copy.id }));
    expect(JSON.stringify(upstream(marker)[0]?.messages[0])).toContain('Brot means bread.');

    expect((await send(owner, 'DELETE', `/api/assistants/${a.id}/share`)).status).toBe(204);
    expect((await new Anonymous(app.url).fetch(path)).status).toBe(404);
    expect((await send(visitor, 'POST', `${path}/use`)).status).toBe(404);
  });
});

describe('export and import', () => {
  it('carries assistants (with their files) in the archive, and back in for another user', async () => {
    const owner = new Client(app.url);
    const file = await upload(owner, 'notes.md', '# Notes\nUse "Sie".');
    await create(owner, translator([file]));
    const archive = await owner.fetch('/api/export?format=json');
    const json = (await archive.json()) as { assistants: { name: string; files: unknown }[] };
    expect(json.assistants).toEqual([
      expect.objectContaining({
        name: 'German translator',
        systemPrompt: 'Translate everything into German.',
        settings: { temperature: 0.3, topP: 0.9, maxTokens: 321 },
        files: [{ name: 'notes.md', text: '# Notes\nUse "Sie".' }],
      }),
    ]);
    const other = new Client(app.url);
    const imported = await send(other, 'POST', '/api/import', json);
    expect(imported.status).toBe(201);
    const result = (await imported.json()) as { assistants: { id: string; name: string }[] };
    expect(result.assistants.map((a) => a.name)).toEqual(['German translator']);
    const mine = await other.json<{ assistant: Assistant }>(
      `/api/assistants/${result.assistants[0]?.id}`,
    );
    expect(mine.body.assistant.files).toEqual([
      { id: expect.any(String), name: 'notes.md', chars: 18 },
    ]);
  });

  it("imports NextChat's mask file as assistants", async () => {
    const user = new Client(app.url);
    // NextChat's mask export: an array of masks (app/store/mask.ts).
    const masks = [
      {
        id: 'm1',
        avatar: '1f916',
        name: 'Code reviewer',
        context: [{ id: 'c1', role: 'system', content: 'Review code strictly.', date: '' }],
        syncGlobalConfig: false,
        modelConfig: { model: 'gpt-4o', temperature: 0.1, top_p: 1, max_tokens: 4000 },
        lang: 'en',
        builtin: false,
        createdAt: 1700000000000,
      },
      {
        id: 'm2',
        avatar: 'gpt-bot',
        name: 'Empty',
        context: [],
        modelConfig: {},
        lang: 'en',
        builtin: false,
      },
    ];
    const res = await send(user, 'POST', '/api/import', masks);
    const text = await res.text();
    expect(res.status, text).toBe(201);
    expect(JSON.parse(text)).toMatchObject({
      conversations: [],
      assistants: [{ name: 'Code reviewer' }],
      skipped: [{ index: 1, name: 'Empty', reason: 'The system prompt cannot be empty.' }],
    });
    const list = await user.json<{ items: Assistant[] }>('/api/assistants');
    expect(list.body.items.find((a) => a.name === 'Code reviewer')).toMatchObject({
      avatar: '🤖',
      systemPrompt: 'Review code strictly.',
      model: 'gpt-4o',
      settings: { temperature: 0.1, topP: 1, maxTokens: 4000 },
    });
  });
});
