// The history routes over real HTTP: the list and its search, rename, delete (soft, with undo)
// and what a deleted conversation looks like everywhere, and titles written by the model.
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationPage } from '@/lib/chat/api-types';
import type { Conversation } from '@/lib/chat/types';
import { TITLE_INSTRUCTION, TITLE_SYSTEM_PROMPT } from '@/lib/chat/title-text';
import type { ShareList } from '@/lib/share/types';
import type { RecordedRequest } from '../mock-upstream/types';
import { Client, eventually, readChat } from './client';
import { Anonymous, chat, createShare, guest } from './share-support';

const KEY = 'sk-test-history-0123456789';
const MOCK_TITLE = 'Hello from the mock upstream';

const mock = withMockUpstream({ apiKey: KEY });
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
}));

const list = (client: Client, params: Record<string, string> = {}) =>
  client.json<ConversationPage>(`/api/conversations?${new URLSearchParams(params)}`);

const rename = (client: Client, id: string, body: unknown) =>
  client.fetch(`/api/conversations/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const remove = (client: Client, id: string) =>
  client.fetch(`/api/conversations/${id}`, { method: 'DELETE' });

const restore = (client: Client, id: string) =>
  client.fetch(`/api/conversations/${id}/restore`, { method: 'POST' });

type ChatBody = { stream?: boolean; messages?: { role: string; content: string }[] };
const titleRequests = (): RecordedRequest[] =>
  mock.requests().filter((r) => {
    const body = r.body as ChatBody | null;
    return body?.stream === false && body.messages?.[0]?.content === TITLE_SYSTEM_PROMPT;
  });

/** The generated title lands just after the first answer. */
const titled = (client: Client, id: string) =>
  eventually(
    async () =>
      (await client.json<{ conversation: Conversation }>(`/api/conversations/${id}`)).body,
    (body) => body.conversation?.title === MOCK_TITLE,
  );

describe('GET /api/conversations', () => {
  it('pages newest first; q searches titles and messages, even words only in an answer', async () => {
    const owner = new Client(app.url);
    const table = await chat(owner, '[[mock:markdown]] show me a small table');
    const plain = await chat(owner, '[[mock:text tokens=2]] the quokka question');
    const japanese = await chat(owner, '[[mock:text tokens=2]] 東京の夜景を見たい');
    await Promise.all([table, plain, japanese].map((id) => titled(owner, id)));

    const first = await list(owner, { limit: '2' });
    expect(first.status).toBe(200);
    expect(first.body.items.map((c) => c.id)).toEqual([japanese, plain]);
    const second = await list(owner, { limit: '2', cursor: first.body.nextCursor ?? '' });
    expect(second.body).toMatchObject({ items: [{ id: table }], nextCursor: null });
    expect((await list(owner, { cursor: 'nonsense' })).status).toBe(400);

    // "alpha" is in the mock's markdown reply (a table row), never in what the user wrote.
    const alpha = await list(owner, { q: 'alpha' });
    expect(alpha.body.items.map((c) => [c.id, c.match?.source])).toEqual([[table, 'assistant']]);
    expect(alpha.body.items[0]?.match?.snippet).toContain('alpha');
    expect((await list(owner, { q: 'QUOKKA' })).body.items.map((c) => c.id)).toEqual([plain]);
    expect((await list(owner, { q: '夜景' })).body.items.map((c) => c.id)).toEqual([japanese]);
    // Titles are searched too (every conversation got the mock's title).
    expect((await list(owner, { q: 'mock upstream' })).body.items).toHaveLength(3);
    expect((await list(owner, { q: 'x'.repeat(401) })).status).toBe(400);

    const stranger = await guest(app.url);
    expect((await list(stranger, { q: 'alpha' })).body.items).toEqual([]);
    expect((await list(stranger)).body.items).toEqual([]);
  });

  it('answers a visitor without a session with nothing and no new identity', async () => {
    const visitor = new Anonymous(app.url);
    for (const path of ['/api/conversations?peek=1', '/api/conversations']) {
      const res = await visitor.fetch(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ items: [], nextCursor: null });
      expect(visitor.lastCookie).toBeNull();
    }
  });
});

describe('titles', () => {
  it('asks the model once for a title after the first exchange, then keeps it', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=3]] a question worth a title');
    const { conversation } = await titled(owner, id);
    expect(conversation.title).toBe(MOCK_TITLE);
    const asked = titleRequests().filter((r) =>
      JSON.stringify(r.body).includes('a question worth a title'),
    );
    expect(asked).toHaveLength(1);
    const body = asked[0]?.body as ChatBody & { max_tokens?: number };
    expect(body.max_tokens).toBe(20);
    expect(body.messages?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(body.messages?.at(-1)?.content).toBe(TITLE_INSTRUCTION);

    await chat(owner, '[[mock:text tokens=2]] a follow-up', id);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      titleRequests().filter((r) => JSON.stringify(r.body).includes('a question worth a title')),
    ).toHaveLength(1);
  });

  it('keeps the first message as the title when the answer failed', async () => {
    const owner = new Client(app.url);
    const run = await readChat(
      await owner.postChat({ content: '[[mock:http status=500]] broken' }),
    );
    expect(run.answer?.status).toBe('error');
    await new Promise((r) => setTimeout(r, 500));
    const detail = await owner.json<{ conversation: Conversation }>(
      `/api/conversations/${run.start.conversationId}`,
    );
    expect(detail.body.conversation.title).toBe('[[mock:http status=500]] broken');
  });
});

describe('PATCH /api/conversations/[id]', () => {
  it('renames (trimmed, 1–200 characters) for the owner only', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] rename me');
    await titled(owner, id);
    const ok = await rename(owner, id, { title: '  My   trip  plans ' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { conversation: Conversation }).conversation.title).toBe(
      'My trip plans',
    );
    expect((await list(owner)).body.items.find((c) => c.id === id)?.title).toBe('My trip plans');

    for (const bad of [
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(201) },
      {},
      { title: 3 },
    ]) {
      expect((await rename(owner, id, bad)).status).toBe(400);
    }
    expect((await rename(owner, id, { title: 'x', extra: true })).status).toBe(400);
    expect((await rename(owner, id, { title: 'y'.repeat(200) })).status).toBe(200);

    const stranger = await guest(app.url);
    expect((await rename(stranger, id, { title: 'mine now' })).status).toBe(404);
    expect((await rename(new Anonymous(app.url), id, { title: 'mine now' })).status).toBe(404);
    expect((await rename(owner, 'not-a-uuid', { title: 'x' })).status).toBe(404);
    expect((await rename(owner, crypto.randomUUID(), { title: 'x' })).status).toBe(404);
  });
});

describe('DELETE and restore', () => {
  it('hides a deleted conversation everywhere and its links stop working; undo brings both back', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] the pangolin plan');
    const { body } = await createShare(owner, id);
    const shareUrl = `${app.url}/s/${body.share.id}`;
    expect((await fetch(shareUrl)).status).toBe(200);
    const [message] = (
      await owner.json<{ messages: { id: string; role: string }[] }>(`/api/conversations/${id}`)
    ).body.messages.filter((m) => m.role === 'assistant');

    const stranger = await guest(app.url);
    expect((await remove(stranger, id)).status).toBe(404);
    expect((await remove(owner, id)).status).toBe(204);

    expect((await owner.fetch(`/api/conversations/${id}`)).status).toBe(404);
    // The not-found page (the status is 200 while app/c/[id]/loading.tsx streams the page).
    const page = await (await owner.fetch(`/c/${id}`)).text();
    expect(page).toContain('This conversation does not exist');
    expect(page).not.toContain('pangolin');
    expect((await list(owner)).body.items.map((c) => c.id)).not.toContain(id);
    expect((await list(owner, { q: 'pangolin' })).body.items).toEqual([]);
    expect((await owner.postChat({ conversationId: id, content: 'more?' })).status).toBe(404);
    expect((await owner.fetch(`/api/chat/${message?.id}/stop`, { method: 'POST' })).status).toBe(
      404,
    );
    expect((await rename(owner, id, { title: 'x' })).status).toBe(404);
    expect((await owner.fetch(`/api/conversations/${id}/share`)).status).toBe(404);
    expect((await fetch(shareUrl)).status).toBe(404);
    expect((await owner.json<ShareList>('/api/shares')).body.items).toEqual([]);
    expect((await remove(owner, id)).status).toBe(404);

    expect((await restore(stranger, id)).status).toBe(404);
    expect((await restore(new Anonymous(app.url), id)).status).toBe(404);
    const restored = await restore(owner, id);
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { conversation: Conversation }).conversation.id).toBe(id);
    expect((await restore(owner, id)).status).toBe(404);

    expect((await owner.fetch(`/api/conversations/${id}`)).status).toBe(200);
    expect((await list(owner, { q: 'pangolin' })).body.items.map((c) => c.id)).toEqual([id]);
    expect((await fetch(shareUrl)).status).toBe(200);
    // And it can be continued.
    await chat(owner, '[[mock:text tokens=1]] still here', id);
  });
});
