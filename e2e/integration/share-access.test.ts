// The access matrix of shared links: owner, another guest and a visitor without a cookie, each
// trying to read, update, revoke and fork. "Not yours" must look exactly like "does not exist".
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ForkResult, PublicShare, ShareList } from '@/lib/share/types';
import { Client } from './client';
import {
  Anonymous,
  chat,
  createShare,
  detail,
  fork,
  guest,
  patchShare,
  revoke,
  visibleText,
} from './share-support';

const KEY = 'sk-test-share-access-0123456789';
let owner: Client;
let other: Client;
let anonymous: Anonymous;
let conversationId: string;
let shareId: string;
let ownerUserId: string;

const mock = withMockUpstream({ apiKey: KEY });
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
}));

beforeAll(async () => {
  owner = new Client(app.url);
  conversationId = await chat(owner, '[[mock:text tokens=3]] What is a share matrix?');
  await chat(owner, '[[mock:tools calls=2]] call some tools', conversationId);
  other = await guest(app.url);
  anonymous = new Anonymous(app.url);
  const created = await createShare(owner, conversationId);
  expect(created.status).toBe(201);
  shareId = created.body.share.id;
  // The user id is the JWT subject of the session cookie.
  const token = owner.cookie?.split('=')[1] ?? '';
  ownerUserId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
});

const callers = () =>
  [
    ['the owner', owner],
    ['another guest', other],
    ['a visitor without a cookie', anonymous],
  ] as const;

describe('creating and inspecting a link', () => {
  it('only the owner can create a link or see its status; others get 404', async () => {
    expect((await createShare(other, conversationId)).status).toBe(404);
    expect((await createShare(anonymous, conversationId)).status).toBe(404);
    expect((await other.fetch(`/api/conversations/${conversationId}/share`)).status).toBe(404);
    expect((await anonymous.fetch(`/api/conversations/${conversationId}/share`)).status).toBe(404);

    const again = await createShare(owner, conversationId);
    expect(again.status).toBe(200);
    expect(again.body.share.id).toBe(shareId);
    const status = await owner.json<{ share: { id: string } }>(
      `/api/conversations/${conversationId}/share`,
    );
    expect(status.body.share.id).toBe(shareId);
  });

  it('lists links to their owner only', async () => {
    expect((await owner.json<ShareList>('/api/shares')).body.items.map((s) => s.id)).toContain(
      shareId,
    );
    expect((await other.json<ShareList>('/api/shares')).body.items).toEqual([]);
    expect((await anonymous.json<ShareList>('/api/shares')).body.items).toEqual([]);
  });

  it('uses ids with at least 128 random bits', () => {
    expect(Buffer.from(shareId, 'base64url').byteLength * 8).toBeGreaterThanOrEqual(128);
  });
});

describe('reading', () => {
  it.each([0, 1, 2])('caller %i reads the same page and JSON', async (index) => {
    const [, caller] = callers()[index] ?? [];
    if (!caller) throw new Error('no caller');
    const page = await caller.fetch(`/s/${shareId}`);
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain('What is a share matrix?');
    expect(text).toContain('tok1 tok2 tok3');
    expect(text).toContain('mock-model');

    const json = await caller.json<PublicShare>(`/api/shares/${shareId}`);
    expect(json.status).toBe(200);
    expect(json.body.messages.map((m) => m.role).slice(0, 3)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
    // The tool turn is kept: the calls and, where the tools ran, their results.
    const calls = json.body.messages.flatMap((m) => m.toolCalls ?? []);
    expect(calls.map((c) => c.function.name)).toEqual(['get_time', 'calculate']);
  });

  it('never exposes the owner’s user id, conversation id or message ids', async () => {
    const raw = await (await other.fetch(`/api/shares/${shareId}`)).text();
    const html = await (await other.fetch(`/s/${shareId}`)).text();
    const own = (await detail(owner, conversationId)).body;
    for (const secret of [ownerUserId, conversationId, ...own.messages.map((m) => m.id)]) {
      expect(raw).not.toContain(secret);
      expect(html).not.toContain(secret);
    }
    expect(ownerUserId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not give the owner’s conversation to anyone else', async () => {
    expect((await detail(other, conversationId)).status).toBe(404);
    expect((await detail(anonymous, conversationId)).status).toBe(404);
  });
});

describe('updating and revoking', () => {
  it('only the owner may update; others get 404 and change nothing', async () => {
    const before = await owner.json<PublicShare>(`/api/shares/${shareId}`);
    expect((await patchShare(other, shareId, { refresh: true })).status).toBe(404);
    expect((await patchShare(anonymous, shareId, { indexable: true })).status).toBe(404);
    const after = await owner.json<PublicShare>(`/api/shares/${shareId}`);
    expect(after.body).toEqual(before.body);

    const res = await patchShare(owner, shareId, { refresh: true });
    expect(res.status).toBe(200);
  });

  it('only the owner may revoke; others get 404 and the link keeps working', async () => {
    const extra = await chat(owner, '[[mock:text tokens=2]] second conversation');
    const { body } = await createShare(owner, extra);
    expect((await revoke(other, body.share.id)).status).toBe(404);
    expect((await revoke(anonymous, body.share.id)).status).toBe(404);
    expect((await other.fetch(`/s/${body.share.id}`)).status).toBe(200);

    expect((await revoke(owner, body.share.id)).status).toBe(204);
    for (const [, caller] of callers()) {
      expect((await caller.fetch(`/s/${body.share.id}`)).status).toBe(404);
      expect((await caller.fetch(`/api/shares/${body.share.id}`)).status).toBe(404);
      // Without a session there is nobody to fork for: asked to load the page first.
      expect((await fork(caller, body.share.id)).status).toBe(caller === anonymous ? 401 : 404);
    }
    expect((await patchShare(owner, body.share.id, { refresh: true })).status).toBe(404);
    expect((await revoke(owner, body.share.id)).status).toBe(404);
    // A new link can be made afterwards, at a new address.
    const renewed = await createShare(owner, extra);
    expect(renewed.status).toBe(201);
    expect(renewed.body.share.id).not.toBe(body.share.id);
  });
});

describe('forking', () => {
  it('asks a caller without a session to load the page first, minting nothing', async () => {
    const res = await fork(anonymous, shareId);
    expect(res.status).toBe(401);
    expect(anonymous.lastCookie).toBeNull();
  });

  it.each([0, 1, 2])('caller %i gets a copy of their own', async (index) => {
    // A first-time visitor got a guest cookie when the shared page loaded.
    const visitor = new Client(app.url, { session: false });
    await visitor.visit(`/s/${shareId}`);
    const caller = index === 2 ? visitor : callers()[index]?.[1];
    if (!caller) throw new Error('no caller');
    const res = await fork(caller, shareId);
    expect(res.status).toBe(201);
    const { conversationId: copyId, path } = (await res.json()) as ForkResult;
    expect(path).toBe(`/c/${copyId}`);
    expect(copyId).not.toBe(conversationId);

    const reader = caller;
    const copy = await reader.json<ConversationDetail>(`/api/conversations/${copyId}`);
    expect(copy.status).toBe(200);
    const original = await owner.json<PublicShare>(`/api/shares/${shareId}`);
    expect(copy.body.messages.map((m) => [m.role, m.content, m.toolCallId])).toEqual(
      original.body.messages.map((m) => [m.role, m.content, m.toolCallId]),
    );
    // New ids, chained by parent, so the whole copy is the active branch.
    const ids = copy.body.messages.map((m) => m.id);
    expect(new Set([...ids, ...original.body.messages.map((m) => m.id)]).size).toBe(ids.length * 2);
    copy.body.messages.forEach((m, i) => {
      expect(m.parentId).toBe(i === 0 ? null : ids[i - 1]);
    });
    if (caller !== owner) expect((await detail(owner, copyId)).status).toBe(404);
  });

  it('lets the forker carry on: the model sees the copied history', async () => {
    const { body } = await fork(other, shareId).then(async (r) => ({
      body: (await r.json()) as ForkResult,
    }));
    await chat(other, '[[mock:echo]] and then?', body.conversationId);
    const sent = await mock.waitForRequest((r) => JSON.stringify(r.body).includes('and then?'));
    const roles = (sent.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(roles[0]).toEqual({
      role: 'user',
      content: '[[mock:text tokens=3]] What is a share matrix?',
    });
    expect(roles.at(-1)).toEqual({ role: 'user', content: '[[mock:echo]] and then?' });
  });

  it('answers a plain form post (no JavaScript) with a redirect to the copy', async () => {
    const visitor = new Client(app.url, { session: false });
    await visitor.visit(`/s/${shareId}`);
    const cookie = visitor.cookie;
    expect(cookie).toMatch(/^parley_session=/);
    const res = await visitor.fetch(`/api/shares/${shareId}/fork`, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/c\/[0-9a-f-]{36}$/);
    expect(visitor.cookie).toBe(cookie);
    const copy = res.headers.get('location')?.slice(3) ?? '';
    expect((await detail(visitor, copy)).status).toBe(200);
  });

  it('refuses a cross-site fork, which could swap a visitor’s identity', async () => {
    const res = await fork(anonymous, shareId, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(anonymous.lastCookie).toBeNull();
  });
});
