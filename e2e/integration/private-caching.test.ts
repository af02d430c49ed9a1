// Private answers revalidate: a browser may keep a file only to ask again with its ETag (the
// server then decides whether the caller may still see it), and conversation and share data
// are never kept at all. So a signed-out browser or a revoked link gets nothing from a cache.
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { type Client, readChat } from './client';
import { Anonymous, guest, revoke } from './share-support';

let owner: Client;
let conversationId = '';
let fileId = '';
let shareId = '';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

beforeAll(async () => {
  owner = await guest(app.url);
  const upload = await owner.fetch('/api/attachments?name=notes.txt', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: 'private notes',
  });
  fileId = ((await upload.json()) as { attachment: { id: string } }).attachment.id;
  const run = await readChat(
    await owner.postChat({ content: '[[mock:text tokens=2]] keep this', attachments: [fileId] }),
  );
  conversationId = run.start.conversationId;
  const share = await owner.json<{ share: { id: string } }>(
    `/api/conversations/${conversationId}/share`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ includeAttachments: true }),
    },
  );
  shareId = share.body.share.id;
});

const revalidates = (value: string | null) => /\bno-cache\b|\bno-store\b/.test(value ?? '');

async function expectFileRevalidates(client: Client, path: string) {
  const first = await client.fetch(path);
  expect(first.status, path).toBe(200);
  expect(await first.text()).toBe('private notes');
  expect(first.headers.get('cache-control'), path).toBe('private, no-cache');
  const etag = first.headers.get('etag');
  expect(etag, path).toMatch(/^".+"$/);
  // What the browser sends when it revalidates its copy: no bytes come back.
  const again = await client.fetch(path, { headers: { 'if-none-match': etag ?? '' } });
  expect(again.status, path).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('cache-control'), path).toBe('private, no-cache');
  return etag ?? '';
}

describe('files', () => {
  it('are kept only to be revalidated, and a signed-out browser gets a 404 for its copy', async () => {
    const path = `/api/attachments/${fileId}`;
    const etag = await expectFileRevalidates(owner, path);
    const signedOut = new Anonymous(app.url);
    const res = await signedOut.fetch(path, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(404);
    const stranger = await guest(app.url);
    expect((await stranger.fetch(path, { headers: { 'if-none-match': etag } })).status).toBe(404);
  });

  it('of a shared link: revalidated, and a 404 once the link is revoked', async () => {
    const visitor = new Anonymous(app.url);
    const path = `/api/shares/${shareId}/attachments/${fileId}`;
    const etag = await expectFileRevalidates(visitor, path);
    const page = await visitor.fetch(`/s/${shareId}`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('keep this');
    expect(revalidates(page.headers.get('cache-control')), 'shared page').toBe(true);
    // The link preview shows the title: it must not outlive the link either.
    const preview = await visitor.fetch(`/s/${shareId}/opengraph-image`);
    await preview.body?.cancel();
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control'), 'preview').toMatch(
      /no-cache|no-store|max-age=0\b/,
    );

    expect((await revoke(owner, shareId)).status).toBe(204);
    const res = await visitor.fetch(path, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(404);
    const gone = await visitor.fetch(`/s/${shareId}`, { headers: { accept: 'text/html' } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain('keep this');
  });
});

describe('conversation and share data', () => {
  it('is never stored: every answer says no-store', async () => {
    const paths = [
      '/api/conversations',
      `/api/conversations/${conversationId}`,
      `/api/conversations/${conversationId}/share`,
      `/api/conversations/${conversationId}/export?format=json`,
      `/api/conversations/${conversationId}/export?format=md`,
      '/api/export',
      '/api/shares',
      '/api/account',
      '/api/models',
      '/api/tools',
    ];
    for (const path of paths) {
      const res = await owner.fetch(path);
      await res.body?.cancel();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toContain('no-store');
    }
  });

  it('pages with private data revalidate', async () => {
    for (const path of ['/', `/c/${conversationId}`]) {
      const res = await owner.fetch(path, { headers: { accept: 'text/html' } });
      await res.body?.cancel();
      expect(res.status, path).toBe(200);
      expect(revalidates(res.headers.get('cache-control')), path).toBe(true);
    }
  });
});
