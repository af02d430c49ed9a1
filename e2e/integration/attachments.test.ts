import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMockUpstream } from '../support/with-app';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { ConversationDetail } from '@/lib/chat/api-types';
import {
  GIF_1X1,
  HTML_SCRIPT,
  PDF_HELLO,
  PNG_1X1,
  SVG_SCRIPT,
} from '../support/attachment-fixtures';
import { type AppServer, runAppUntilExit, startApp } from '../support/app-server';
import { type S3Server, startS3Server } from '../support/s3-server';
import { Client, readChat } from './client';

// Attachments end to end through the real route handlers: uploads, the content parts the
// provider receives, vision vs. no vision, owner-only downloads, limits, deletion.

let app: AppServer;
let s3: S3Server | null = null;

// Every test runs twice: bytes in PostgreSQL (the default), then in an S3 bucket on loopback.
const STORAGES = ['postgres', 's3'] as const;

const mock = withMockUpstream();

async function startFor(storage: (typeof STORAGES)[number]) {
  s3 = storage === 's3' ? await startS3Server() : null;
  app = await startApp({
    env: {
      PROVIDERS: JSON.stringify([
        { name: 'p', baseUrl: mock.url, models: ['seeing', 'blind'], vision: ['seeing'] },
      ]),
      ATTACHMENT_MAX_FILES: '3',
      ATTACHMENT_MAX_FILE_MB: '1',
      ATTACHMENT_MAX_TOTAL_MB: '2',
      ...s3?.env,
    },
  });
  // The first request opens and migrates the database: slow on a busy machine, so it is made
  // here (hook time) rather than inside the first test's time limit.
  const warm = await new Client(app.url).fetch('/api/conversations');
  if (!warm.ok) throw new Error(`the app answered ${warm.status} to its first request`);
}

/** The bucket object of an attachment: null without S3 storage or when it was deleted. */
async function objectOf(id: string): Promise<Uint8Array | null> {
  return s3 ? s3.object(`attachments/${id}`) : null;
}

async function upload(
  client: Client,
  name: string,
  bytes: Uint8Array,
  type = 'application/octet-stream',
) {
  const res = await client.fetch(`/api/attachments?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-type': type },
    body: new Blob([new Uint8Array(bytes)]),
  });
  const body = (await res.json()) as { attachment: AttachmentMeta; error?: { message: string } };
  return { status: res.status, attachment: body.attachment, error: body.error };
}

type Part = { type: string; text?: string; image_url?: { url: string } };
type Sent = { role: string; content: string | Part[] | null };

async function send(client: Client, body: Record<string, unknown>) {
  const marker = `m-${crypto.randomUUID()}`;
  const res = await client.postChat({
    provider: 'p',
    ...body,
    content: `${body.content ?? ''} ${marker}`.trim(),
  });
  const run = await readChat(res);
  const request = mock
    .requests()
    .find((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body).includes(marker));
  if (!request) throw new Error('the provider was not called');
  const messages = (request.body as { messages: Sent[] }).messages;
  return { run, marker, messages, last: messages.at(-1) as Sent };
}

const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

describe.each(STORAGES)('attachments stored in %s', (storage) => {
  beforeAll(() => startFor(storage));
  afterAll(async () => {
    await app?.stop();
    await s3?.close();
  });

  describe('attachments sent to the model', () => {
    it('sends one image as an image_url part with a data URL of its sniffed type', async () => {
      const client = new Client(app.url);
      // The client says JPEG; the bytes say PNG, and the bytes win.
      const { attachment } = await upload(client, 'dot.jpg', PNG_1X1, 'image/jpeg');
      expect(attachment).toMatchObject({
        kind: 'image',
        mediaType: 'image/png',
        width: 1,
        height: 1,
      });
      const { last, marker } = await send(client, {
        model: 'seeing',
        content: 'What is this?',
        attachments: [attachment.id],
      });
      expect(last).toEqual({
        role: 'user',
        content: [
          { type: 'text', text: `What is this? ${marker}` },
          { type: 'text', text: 'Attached image: dot.jpg' },
          { type: 'image_url', image_url: { url: dataUrl('image/png', PNG_1X1) } },
        ],
      });
    });

    it('sends several attachments in order: images, a text file and a PDF with their names', async () => {
      const client = new Client(app.url);
      const png = (await upload(client, 'a.png', PNG_1X1)).attachment;
      const gif = (await upload(client, 'b.gif', GIF_1X1)).attachment;
      const notes = (await upload(client, 'notes.md', Buffer.from('# Notes\nline two\n')))
        .attachment;
      const { last: first, marker } = await send(client, {
        model: 'seeing',
        content: 'Compare',
        attachments: [png.id, gif.id, notes.id],
      });
      expect(first.content).toEqual([
        { type: 'text', text: `Compare ${marker}` },
        { type: 'text', text: 'Attached image: a.png' },
        { type: 'image_url', image_url: { url: dataUrl('image/png', PNG_1X1) } },
        { type: 'text', text: 'Attached image: b.gif' },
        { type: 'image_url', image_url: { url: dataUrl('image/gif', GIF_1X1) } },
        { type: 'text', text: 'Attached file: notes.md\n\n# Notes\nline two\n' },
      ]);

      const pdf = (await upload(client, 'hello.pdf', PDF_HELLO)).attachment;
      expect(pdf).toMatchObject({ kind: 'pdf', mediaType: 'application/pdf' });
      const { last } = await send(client, { model: 'seeing', attachments: [pdf.id] });
      expect(last.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^m-/) },
        { type: 'text', text: 'Attached file: hello.pdf\n\nHello PDF world' },
      ]);
    });

    it('never sends an image part to a model without vision, even for earlier images', async () => {
      const client = new Client(app.url);
      const png = (await upload(client, 'photo.png', PNG_1X1)).attachment;
      const { run } = await send(client, {
        model: 'seeing',
        content: 'look',
        attachments: [png.id],
      });
      const conversationId = run.start.conversationId;
      const blind = await send(client, { conversationId, model: 'blind', content: 'and now?' });
      const parts = blind.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
      expect(parts.some((p) => p.type === 'image_url')).toBe(false);
      expect(JSON.stringify(blind.messages)).not.toContain('data:image');
      expect(blind.messages[0]?.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^look m-/) },
        {
          type: 'text',
          text: 'Attached image: photo.png\n(image/png, 1×1 pixels, 70 B; this model cannot see images, so only this description is sent.)',
        },
      ]);

      const fresh = (await upload(client, 'new.png', PNG_1X1)).attachment;
      const direct = await send(client, { model: 'blind', attachments: [fresh.id] });
      expect(JSON.stringify(direct.messages)).not.toContain('image_url');
    });

    it('trims a long text file to the context window with a note saying so', async () => {
      const client = new Client(app.url);
      const long = 'x'.repeat(200_000);
      const file = (await upload(client, 'big.txt', Buffer.from(long))).attachment;
      expect(file.chars).toBe(200_000);
      const { last, run } = await send(client, { model: 'blind', attachments: [file.id] });
      const part = (last.content as Part[])[1]?.text ?? '';
      // 8,192 tokens (the default window) × ½ × 4 characters.
      expect(part).toContain('x'.repeat(16_384));
      expect(part).not.toContain('x'.repeat(16_385));
      expect(part).toMatch(/only the first 16,384 of 200,000 characters are included/);
      // Saved on the message, so the screen shows the same note the model was sent.
      const detail = await client.json<ConversationDetail>(
        `/api/conversations/${run.start.conversationId}`,
      );
      expect(detail.body.messages[0]?.attachments).toEqual([{ ...file, sentChars: 16_384 }]);
    });
  });

  describe('attachment uploads and downloads', () => {
    it('serves an image to its owner only, with its type, nosniff and a sandboxing CSP', async () => {
      const owner = new Client(app.url);
      const { attachment } = await upload(owner, 'a"b<script>.png', PNG_1X1);
      const res = await owner.fetch(`/api/attachments/${attachment.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('content-disposition')).toBe(
        `inline; filename="a_b<script>.png"; filename*=UTF-8''a%22b%3Cscript%3E.png`,
      );
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG_1X1);
      // With S3 the bytes are in the bucket, under a key of their own (served only through here).
      if (storage === 's3') expect(await objectOf(attachment.id)).toEqual(new Uint8Array(PNG_1X1));

      const stranger = new Client(app.url);
      await stranger.fetch('/api/models');
      expect((await stranger.fetch(`/api/attachments/${attachment.id}`)).status).toBe(404);
      expect((await new Client(app.url).fetch(`/api/attachments/${attachment.id}`)).status).toBe(
        404,
      );
      // Someone else's upload cannot be sent with one's own message either.
      const res2 = await stranger.postChat({
        provider: 'p',
        content: 'hi',
        attachments: [attachment.id],
      });
      expect(res2.status).toBe(404);
    });

    it('refuses SVG or HTML disguised as an image, and serves text files only as downloads', async () => {
      const client = new Client(app.url);
      const svg = await upload(client, 'cat.png', SVG_SCRIPT, 'image/png');
      expect(svg.status).toBe(415);
      expect(svg.error?.message).toMatch(/not a PNG, JPEG, WebP or GIF image/);
      expect((await upload(client, 'logo.svg', SVG_SCRIPT, 'image/svg+xml')).status).toBe(415);
      expect((await upload(client, 'x.gif', HTML_SCRIPT)).status).toBe(415);

      const page = await upload(client, 'page.html', HTML_SCRIPT, 'text/html');
      expect(page.attachment.kind).toBe('text');
      const res = await client.fetch(`/api/attachments/${page.attachment.id}`);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');

      const binary = await upload(client, 'tool.exe', Buffer.from([0x4d, 0x5a, 0, 1, 2, 3]));
      expect(binary.status).toBe(415);
    });

    it('checks every limit on the server with a message naming it', async () => {
      const client = new Client(app.url);
      const big = await upload(client, 'big.png', Buffer.alloc(1024 * 1024 + 1, 1));
      expect(big.status).toBe(413);
      expect(big.error?.message).toMatch(/“big.png” is larger than 1.0 MB, the limit per file/);

      const ids: string[] = [];
      for (let i = 0; i < 4; i++)
        ids.push((await upload(client, `${i}.png`, PNG_1X1)).attachment.id);
      const tooMany = await client.postChat({ provider: 'p', content: 'hi', attachments: ids });
      expect(tooMany.status).toBe(413);
      expect(((await tooMany.json()) as { error: { message: string } }).error.message).toBe(
        'At most 3 files can be attached to one message.',
      );

      const nearly = Buffer.from('y'.repeat(1024 * 1024 - 10));
      const three = [
        (await upload(client, 'one.txt', nearly)).attachment.id,
        (await upload(client, 'two.txt', nearly)).attachment.id,
        (await upload(client, 'three.txt', nearly)).attachment.id,
      ];
      const tooMuch = await client.postChat({ provider: 'p', content: 'hi', attachments: three });
      expect(tooMuch.status).toBe(413);
      expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toMatch(
        /at most 2.0 MB in total/,
      );
      // Nothing was saved for the refused messages.
      const list = await client.json<{ items: unknown[] }>('/api/conversations');
      expect(list.body.items).toEqual([]);
    });

    it('keeps attachments on the message across reloads and deletes them with the conversation or the user', async () => {
      const client = new Client(app.url);
      const png = (await upload(client, 'kept.png', PNG_1X1)).attachment;
      const { run } = await send(client, {
        model: 'seeing',
        content: 'keep',
        attachments: [png.id],
      });
      const id = run.start.conversationId;
      const detail = await client.json<ConversationDetail>(`/api/conversations/${id}`);
      expect(detail.body.messages[0]?.attachments).toEqual([png]);

      expect(
        (await client.fetch(`/api/conversations/${id}`, { method: 'DELETE' })).status,
      ).toBeLessThan(300);
      expect((await client.fetch(`/api/attachments/${png.id}`)).status).toBe(404);
      // A deleted conversation can still be restored: its object stays until it is purged.
      if (storage === 's3') expect(await objectOf(png.id)).not.toBeNull();

      const other = (await upload(client, 'other.png', PNG_1X1)).attachment;
      const second = await send(client, { model: 'seeing', attachments: [other.id] });
      expect(second.run.start.conversationId).toBeTruthy();
      expect((await client.fetch(`/api/attachments/${other.id}`)).status).toBe(200);
      expect((await client.fetch('/api/me', { method: 'DELETE' })).status).toBe(200);
      expect((await client.fetch(`/api/attachments/${other.id}`)).status).toBe(404);
      if (storage === 's3') {
        expect(await objectOf(other.id)).toBeNull();
        expect(await objectOf(png.id)).toBeNull();
      }
    });
  });

  describe('attachments in exports, shares and forks', () => {
    async function conversationWithImage(client: Client) {
      const png = (await upload(client, 'shared.png', PNG_1X1)).attachment;
      const { run } = await send(client, {
        model: 'seeing',
        content: 'share me',
        attachments: [png.id],
      });
      return { png, conversationId: run.start.conversationId };
    }
    const json = { 'content-type': 'application/json' };

    it('exports the file as data in JSON and as a note in Markdown', async () => {
      const client = new Client(app.url);
      const { png, conversationId } = await conversationWithImage(client);
      const exported = await client.json<{ messages: { attachments?: unknown[] }[] }>(
        `/api/conversations/${conversationId}/export?format=json`,
      );
      expect(exported.body.messages[0]?.attachments).toEqual([
        { ...png, dataBase64: PNG_1X1.toString('base64') },
      ]);
      const md = await (
        await client.fetch(`/api/conversations/${conversationId}/export?format=md`)
      ).text();
      expect(md).toContain('- Attached: shared\\.png (image/png, 1×1, 70 B;');
    });

    it('imports a JSON export with its files restored, owned by the importer', async () => {
      const owner = new Client(app.url);
      const png = (await upload(owner, 'photo.png', PNG_1X1)).attachment;
      const notes = (await upload(owner, 'notes.md', Buffer.from('# Notes\nline two\n')))
        .attachment;
      const { run } = await send(owner, {
        model: 'seeing',
        content: 'keep these',
        attachments: [png.id, notes.id],
      });
      const exported = await owner.json<Record<string, unknown>>(
        `/api/conversations/${run.start.conversationId}/export?format=json`,
      );

      const importer = new Client(app.url);
      const imported = await importer.json<{ conversations: { id: string }[] }>('/api/import', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(exported.body),
      });
      expect(imported.status).toBe(201);
      const copy = await importer.json<ConversationDetail>(
        `/api/conversations/${imported.body.conversations[0]?.id}`,
      );
      const files = copy.body.messages[0]?.attachments ?? [];
      expect(files).toEqual([
        { ...png, id: expect.any(String) },
        { ...notes, id: expect.any(String) },
      ]);
      expect(files.map((f) => f.id)).not.toContain(png.id);
      const image = await importer.fetch(`/api/attachments/${files[0]?.id}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_1X1);
      if (storage === 's3')
        expect(await objectOf(files[0]?.id ?? '')).toEqual(new Uint8Array(PNG_1X1));
      // The importer's copies are theirs alone; the owner's originals stay the owner's.
      expect((await owner.fetch(`/api/attachments/${files[0]?.id}`)).status).toBe(404);
      expect((await importer.fetch(`/api/attachments/${png.id}`)).status).toBe(404);

      // The restored files go to the model like uploaded ones.
      const next = await send(importer, {
        conversationId: copy.body.conversation.id,
        model: 'seeing',
        content: 'and now?',
      });
      expect(next.messages[0]?.content).toEqual([
        { type: 'text', text: expect.stringMatching(/^keep these m-/) },
        { type: 'text', text: 'Attached image: photo.png' },
        { type: 'image_url', image_url: { url: dataUrl('image/png', PNG_1X1) } },
        { type: 'text', text: 'Attached file: notes.md\n\n# Notes\nline two\n' },
      ]);
    });

    it('refuses an import whose file is not what it claims, naming it, and keeps nothing', async () => {
      const client = new Client(app.url);
      const { conversationId } = await conversationWithImage(client);
      const exported = await client.json<{
        messages: { attachments?: { dataBase64?: string }[] }[];
      }>(`/api/conversations/${conversationId}/export?format=json`);
      const file = exported.body.messages[0]?.attachments?.[0];
      if (!file) throw new Error('the export holds no attachment');
      file.dataBase64 = Buffer.from(SVG_SCRIPT).toString('base64');
      const importer = new Client(app.url);
      const res = await importer.fetch('/api/import', {
        method: 'POST',
        headers: json,
        body: JSON.stringify(exported.body),
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(
        /messages\[0\]\.attachments\[0\].*not a PNG, JPEG, WebP or GIF image/,
      );
      const list = await importer.json<{ items: unknown[] }>('/api/conversations');
      expect(list.body.items).toEqual([]);
    });

    it('shares files only when asked, and a fork copies them for its new owner', async () => {
      const owner = new Client(app.url);
      const { png, conversationId } = await conversationWithImage(owner);
      const plain = await owner.json<{ share: { id: string } }>(
        `/api/conversations/${conversationId}/share`,
        {
          method: 'POST',
          headers: json,
          body: '{}',
        },
      );
      const visitor = new Client(app.url);
      const shown = await visitor.json<{ messages: { attachments?: unknown }[] }>(
        `/api/shares/${plain.body.share.id}`,
      );
      expect(shown.body.messages[0]?.attachments).toBeUndefined();
      expect(
        (await visitor.fetch(`/api/shares/${plain.body.share.id}/attachments/${png.id}`)).status,
      ).toBe(404);
      await owner.fetch(`/api/shares/${plain.body.share.id}`, { method: 'DELETE' });

      const withFiles = await owner.json<{ share: { id: string } }>(
        `/api/conversations/${conversationId}/share`,
        { method: 'POST', headers: json, body: JSON.stringify({ includeAttachments: true }) },
      );
      const shareId = withFiles.body.share.id;
      const file = await visitor.fetch(`/api/shares/${shareId}/attachments/${png.id}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_1X1);

      const fork = await visitor.json<{ conversationId: string }>(`/api/shares/${shareId}/fork`, {
        method: 'POST',
        headers: json,
        body: '{}',
      });
      const copy = await visitor.json<ConversationDetail>(
        `/api/conversations/${fork.body.conversationId}`,
      );
      const copied = copy.body.messages[0]?.attachments?.[0];
      expect(copied).toMatchObject({ name: 'shared.png', mediaType: 'image/png' });
      expect(copied?.id).not.toBe(png.id);
      expect((await visitor.fetch(`/api/attachments/${copied?.id}`)).status).toBe(200);
      if (storage === 's3')
        expect(await objectOf(copied?.id ?? '')).toEqual(new Uint8Array(PNG_1X1));

      // The owner deleting the conversation ends the shared file; the fork keeps its own copy.
      await owner.fetch(`/api/conversations/${conversationId}`, { method: 'DELETE' });
      expect((await visitor.fetch(`/api/shares/${shareId}/attachments/${png.id}`)).status).toBe(
        404,
      );
      expect((await visitor.fetch(`/api/attachments/${copied?.id}`)).status).toBe(200);
    });
  });
});

describe('S3 configuration is checked when the server starts', () => {
  it('exits before any request when the bucket has no keys, naming both', async () => {
    const { code, output } = await runAppUntilExit({ S3_BUCKET: 'files' });
    expect(code).not.toBe(0);
    expect(output).toContain('Cannot start: fix these environment variables');
    expect(output).toContain('S3_ACCESS_KEY_ID must be set when S3_BUCKET is');
    expect(output).toContain('S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is');
  });
});
