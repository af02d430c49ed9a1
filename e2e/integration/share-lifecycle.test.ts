// A shared link over its life: the page and its previews, updating the snapshot, the search
// engine opt-in, secret warnings, and deleting the conversation (which revokes its links).
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationShareStatus, PublicShare, ShareList } from '@/lib/share/types';
import { Client, eventually, readChat } from './client';
import { Anonymous, chat, createShare, guest, patchShare, visibleText } from './share-support';

const KEY = 'sk-test-share-life-0123456789';

const mock = withMockUpstream({ apiKey: KEY });
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
}));

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1] ?? null;

describe('the shared page', () => {
  it('carries Open Graph and Twitter metadata, a generated preview image, and noindex', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=4]] Explain previews briefly');
    const { body } = await createShare(owner, id);
    const html = await (await new Anonymous(app.url).fetch(`/s/${body.share.id}`)).text();

    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    // The snapshot's title: the first message, or the model's title if it landed before the share.
    expect([
      '[[mock:text tokens=4]] Explain previews briefly',
      'Hello from the mock upstream',
    ]).toContain(body.share.title);
    expect(meta(html, 'og:title')).toBe(body.share.title);
    expect(meta(html, 'og:description')).toContain('Explain previews briefly');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const ogImage = meta(html, 'og:image');
    const twitterImage = meta(html, 'twitter:image');
    expect(ogImage).toMatch(new RegExp(`^${app.url}/s/${body.share.id}/opengraph-image`));
    expect(twitterImage).toMatch(new RegExp(`^${app.url}/s/${body.share.id}/twitter-image`));

    for (const url of [ogImage, twitterImage]) {
      const image = await fetch(url ?? '');
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      // A real PNG of the advertised size (1200 × 630), not an error page.
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    }
  });

  it('has no composer and offers a fork form that works without JavaScript', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] no composer here');
    const { body } = await createShare(owner, id);
    const html = await (await fetch(`${app.url}/s/${body.share.id}`)).text();
    expect(html).not.toMatch(/<textarea/);
    expect(html).toContain(`action="/api/shares/${body.share.id}/fork"`);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it('answers unknown and malformed links with a helpful 404 page', async () => {
    for (const path of ['/s/AAAAAAAAAAAAAAAAAAAAAAAA', '/s/nope', '/s/with%20space']) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status).toBe(404);
      // Next renders a dynamic 404 in the browser from its payload (vercel/next.js#62228), so
      // look in the raw response: it must be this segment's page, not the generic one.
      const html = await res.text();
      expect(html).toContain('This link doesn’t work');
      expect(html).toContain('ask them for a new link');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    }
    expect((await fetch(`${app.url}/s/AAAAAAAAAAAAAAAAAAAAAAAA/opengraph-image`)).status).toBe(404);
  });
});

describe('updating a link', () => {
  it('keeps the snapshot frozen until the owner updates it, at the same URL', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] first question');
    const { body } = await createShare(owner, id);
    await chat(owner, '[[mock:text tokens=3]] second question', id);

    const before = await new Anonymous(app.url).json<PublicShare>(`/api/shares/${body.share.id}`);
    expect(before.body.messages).toHaveLength(2);
    expect(visibleText(await (await fetch(`${app.url}/s/${body.share.id}`)).text())).not.toContain(
      'second question',
    );

    const res = await patchShare(owner, body.share.id, { refresh: true });
    expect(res.status).toBe(200);
    const after = await new Anonymous(app.url).json<PublicShare>(`/api/shares/${body.share.id}`);
    expect(after.body.messages.map((m) => m.content)).toEqual([
      '[[mock:text tokens=2]] first question',
      'tok1 tok2',
      '[[mock:text tokens=3]] second question',
      'tok1 tok2 tok3',
    ]);
    expect(visibleText(await (await fetch(`${app.url}/s/${body.share.id}`)).text())).toContain(
      'second question',
    );
  });

  it('lets search engines index only when the owner opts in', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] index me');
    const { body } = await createShare(owner, id, true);
    const robots = async () =>
      meta(await (await fetch(`${app.url}/s/${body.share.id}`)).text(), 'robots');
    expect(await robots()).toBe('index, follow');
    expect((await patchShare(owner, body.share.id, { indexable: false })).status).toBe(200);
    expect(await robots()).toBe('noindex, nofollow');
  });

  it('rejects an update that asks for nothing', async () => {
    const owner = new Client(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] bad update');
    const { body } = await createShare(owner, id);
    expect((await patchShare(owner, body.share.id, {})).status).toBe(400);
    expect((await patchShare(owner, body.share.id, { refresh: true, extra: 1 })).status).toBe(400);
  });
});

describe('secret warnings', () => {
  it('reports credential-looking text before sharing, without repeating it', async () => {
    const owner = new Client(app.url);
    const token = `ghp_${'x1Y2'.repeat(9)}`;
    const id = await chat(owner, `[[mock:text tokens=2]] my token is ${token}`);
    const status = await owner.json<ConversationShareStatus>(`/api/conversations/${id}/share`);
    expect(status.body.share).toBeNull();
    expect(status.body.findings).toEqual([
      expect.objectContaining({ kind: 'github_token', messageIndex: 0, role: 'user' }),
    ]);
    expect(JSON.stringify(status.body)).not.toContain(token);

    const clean = await chat(owner, '[[mock:text tokens=2]] nothing secret');
    const none = await owner.json<ConversationShareStatus>(`/api/conversations/${clean}/share`);
    expect(none.body.findings).toEqual([]);
  });
});

describe('deleting the conversation', () => {
  it('only the owner may delete it, and that revokes every link to it', async () => {
    const owner = new Client(app.url);
    const other = await guest(app.url);
    const id = await chat(owner, '[[mock:text tokens=2]] delete me');
    const { body } = await createShare(owner, id);
    expect((await fetch(`${app.url}/s/${body.share.id}`)).status).toBe(200);

    expect((await other.fetch(`/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await new Anonymous(app.url).fetch(`/api/conversations/${id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await fetch(`${app.url}/s/${body.share.id}`)).status).toBe(200);

    expect((await owner.fetch(`/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.fetch(`/api/conversations/${id}`)).status).toBe(404);
    expect((await fetch(`${app.url}/s/${body.share.id}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/shares/${body.share.id}`)).status).toBe(404);
    const list = await owner.json<ShareList>('/api/shares');
    expect(list.body.items.map((s) => s.id)).not.toContain(body.share.id);
    expect((await owner.fetch(`/api/conversations/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('stops an answer still being written before deleting its conversation', async () => {
    const owner = new Client(app.url);
    const res = await owner.postChat({ content: '[[mock:pause key=share-del after=2 tokens=9]]' });
    let conversationId = '';
    const started = readChat(res, (m) => {
      if (m.event === 'start') conversationId = JSON.parse(m.data).conversationId;
      return undefined;
    });
    const upstream = await mock.waitForRequest((r) =>
      JSON.stringify(r.body).includes('key=share-del'),
    );
    await eventually(
      async () => conversationId,
      (id) => id !== '',
    );
    const { body } = await createShare(owner, conversationId);
    expect(
      (await owner.fetch(`/api/conversations/${conversationId}`, { method: 'DELETE' })).status,
    ).toBe(204);
    await mock.waitForAborted(upstream.seq, 5_000);
    await started;
    expect((await fetch(`${app.url}/s/${body.share.id}`)).status).toBe(404);
  });
});
