// "Delete all my data": everything of the caller goes (conversations, messages, shared links, the
// user), the old cookie then sees nothing, a fresh guest cookie comes back, others are untouched.
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { DeleteAllResult } from '@/lib/chat/export-types';
import { Client, readChat } from './client';
import { detailOf, listIds } from './export-support';
import { createShare } from './share-support';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

async function chat(client: Client, content: string) {
  return (await readChat(await client.postChat({ content }))).start.conversationId;
}

describe('DELETE /api/me', () => {
  it('deletes every conversation and share, and the old cookie no longer sees anything', async () => {
    const me = new Client(app.url);
    const first = await chat(me, '[[mock:text tokens=2]] first');
    const second = await chat(me, '[[mock:tools calls=1]] second');
    const { body } = await createShare(me, first);
    const sharePath = `/s/${body.share.id}`;
    expect((await fetch(`${app.url}${sharePath}`)).status).toBe(200);

    const bystander = new Client(app.url);
    const theirs = await chat(bystander, '[[mock:text tokens=2]] not mine');

    const oldCookie = me.cookie;
    const res = await me.fetch('/api/me', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await res.json()) as DeleteAllResult).toEqual({ deletedConversations: 2 });
    // A fresh guest identity came back with the answer.
    expect(me.cookie).not.toBeNull();
    expect(me.cookie).not.toBe(oldCookie);
    expect(await listIds(me)).toEqual([]);

    const stale = new Client(app.url);
    stale.cookie = oldCookie;
    for (const id of [first, second]) {
      expect((await detailOf(stale, id)).status).toBe(404);
      expect((await stale.fetch(`/api/conversations/${id}/export?format=json`)).status).toBe(404);
    }
    const archive = (await (await new Client(app.url).fetch('/api/export?format=json')).json()) as {
      conversations: unknown[];
    };
    expect(archive.conversations).toEqual([]);
    stale.cookie = oldCookie;
    expect(await listIds(stale)).toEqual([]);
    expect((await fetch(`${app.url}${sharePath}`)).status).toBe(404);

    expect(await listIds(bystander)).toEqual([theirs]);
    expect((await detailOf(bystander, theirs)).status).toBe(200);
  });

  it('works for a visitor without a cookie and refuses cross-site requests', async () => {
    const visitor = new Client(app.url);
    const res = await visitor.fetch('/api/me', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedConversations: 0 });
    expect(visitor.cookie).not.toBeNull();

    const me = new Client(app.url);
    const id = await chat(me, '[[mock:text tokens=2]] keep me');
    const cross = await me.fetch('/api/me', {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect(await listIds(me)).toEqual([id]);
  });
});
