// Export and import through the real routes: formats, the JSON round trip (tool calls and
// branches included), ownership, validation errors and the size limit.
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ArchiveExport, ConversationExport } from '@/lib/chat/export-types';
import { Client, readChat } from './client';
import {
  detailOf,
  essence,
  exportConversation,
  importFile,
  importOk,
  listIds,
} from './export-support';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

const unique = () => crypto.randomUUID().slice(0, 8);

/** A conversation with a two-tool turn and a regenerated (branched) plain answer. */
async function toolConversation(client: Client) {
  const first = await readChat(
    await client.postChat({
      content: `[[mock:tools calls=2 names=get_current_time,calculate]] time and sum ${unique()}`,
    }),
  );
  const conversationId = first.start.conversationId;
  const second = await readChat(
    await client.postChat({ conversationId, content: '[[mock:markdown]] show me `code`' }),
  );
  const answerId = second.answer?.id ?? '';
  await readChat(await client.postChat({ conversationId, retryOf: answerId }));
  return { conversationId, oldAnswerId: answerId };
}

describe('export', () => {
  it('downloads Markdown of the branch on screen with tool calls as fenced blocks', async () => {
    const client = new Client(app.url);
    const { conversationId } = await toolConversation(client);
    const res = await exportConversation(client, conversationId, 'md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[a-z0-9-]+\.md"; filename\*=UTF-8''/);
    const md = await res.text();
    expect(md).toMatch(/^# .+/);
    expect(md).toContain('time and sum');
    expect(md).toContain('**Tool call** `get_current_time` — done');
    expect(md).toContain('**Tool call** `calculate` — done');
    expect(md).toMatch(/```json\n\{\n {2}"expression": "2\+2"\n\}\n```/);
    expect(md).toContain('Tool results:');
    expect(md.match(/^## User$/gm)).toHaveLength(2);
  });

  it('answers 404 for a conversation that is not the caller’s, and 400 for an unknown format', async () => {
    const owner = new Client(app.url);
    const { conversationId } = await toolConversation(owner);
    const stranger = new Client(app.url);
    await stranger.fetch('/api/conversations');
    for (const format of ['md', 'json'] as const) {
      expect((await exportConversation(stranger, conversationId, format)).status).toBe(404);
      expect((await exportConversation(new Client(app.url), conversationId, format)).status).toBe(
        404,
      );
    }
    const bad = await owner.fetch(`/api/conversations/${conversationId}/export?format=pdf`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      'format=md or format=json',
    );
  });
});

describe('the JSON round trip', () => {
  it('imports as a NEW conversation with new ids, the same messages and the same branch', async () => {
    const client = new Client(app.url);
    const { conversationId, oldAnswerId } = await toolConversation(client);
    const res = await exportConversation(client, conversationId, 'json');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await res.text();
    const file = JSON.parse(text) as ConversationExport;
    expect(file.format).toBe('parley.conversation');
    expect(file.version).toBe(1);
    // Every branch is in the file, including the regenerated-away answer.
    expect(file.messages.map((m) => m.id)).toContain(oldAnswerId);

    const result = await importOk(client, text);
    expect(result.conversations).toHaveLength(1);
    const imported = result.conversations[0];
    expect(imported?.id).not.toBe(conversationId);
    expect(imported?.path).toBe(`/c/${imported?.id}`);
    expect(imported?.messageCount).toBe(file.messages.length);

    const original = (await detailOf(client, conversationId)).body;
    const copy = (await detailOf(client, imported?.id ?? '')).body;
    expect(copy.conversation.title).toBe(`${original.conversation.title} (imported)`);
    expect(copy.messages.map(essence)).toEqual(original.messages.map(essence));
    const originalIds = new Set(file.messages.map((m) => m.id));
    const copyIds = new Set(copy.messages.map((m) => m.id));
    for (const m of copy.messages) {
      expect(originalIds.has(m.id)).toBe(false);
      expect(m.conversationId).toBe(imported?.id);
      if (m.parentId !== null) expect(copyIds.has(m.parentId)).toBe(true);
    }
    // Re-exporting the copy gives the same tree again (ids aside).
    const again = (await (
      await exportConversation(client, imported?.id ?? '', 'json')
    ).json()) as ConversationExport;
    expect(again.messages.map(essence)).toEqual(file.messages.map(essence));
    expect(await listIds(client)).toEqual(expect.arrayContaining([conversationId, imported?.id]));
  });

  it('exports all conversations at once and imports the archive back', async () => {
    const client = new Client(app.url);
    const a = await readChat(
      await client.postChat({ content: `[[mock:text tokens=3]] one ${unique()}` }),
    );
    const b = await readChat(
      await client.postChat({ content: `[[mock:text tokens=3]] two ${unique()}` }),
    );
    const res = await client.fetch('/api/export?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parley-conversations-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const text = await res.text();
    const archive = JSON.parse(text) as ArchiveExport;
    expect(archive.format).toBe('parley.archive');
    expect(archive.conversations.map((c) => c.conversation.id).sort()).toEqual(
      [a.start.conversationId, b.start.conversationId].sort(),
    );

    const result = await importOk(client, text);
    expect(result.conversations).toHaveLength(2);
    expect(await listIds(client)).toHaveLength(4);
  });
});

describe('import', () => {
  it('by another user copies the file into their account and never touches the owner’s', async () => {
    const owner = new Client(app.url);
    const { conversationId } = await toolConversation(owner);
    const text = await (await exportConversation(owner, conversationId, 'json')).text();
    const before = (await detailOf(owner, conversationId)).body;

    const other = new Client(app.url);
    const result = await importOk(other, text);
    const copyId = result.conversations[0]?.id ?? '';
    expect(await listIds(other)).toEqual([copyId]);
    // The owner still has exactly their conversation, unchanged; the copy is not theirs.
    expect(await listIds(owner)).toEqual([conversationId]);
    expect((await detailOf(owner, conversationId)).body).toEqual(before);
    expect((await detailOf(owner, copyId)).status).toBe(404);
    expect((await detailOf(other, conversationId)).status).toBe(404);
  });

  it('refuses a broken file with an error naming what is wrong', async () => {
    const client = new Client(app.url);
    const wrongVersion = await importFile(
      client,
      JSON.stringify({ format: 'parley.conversation', version: 9, conversation: {}, messages: [] }),
    );
    expect(wrongVersion.status).toBe(400);
    const body = (await wrongVersion.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      'This file cannot be imported. version: this file is export version 9; this Parley reads version 1',
    );

    const badRole = await importFile(
      client,
      JSON.stringify({
        format: 'parley.conversation',
        version: 1,
        conversation: {},
        messages: [{ id: 'a', role: 'wizard', content: 'x' }],
      }),
    );
    expect(badRole.status).toBe(400);
    const role = (await badRole.json()) as {
      error: { message: string; details: { path: string; message: string }[] };
    };
    expect(role.error.details).toEqual([
      { path: 'messages[0].role', message: 'must be one of system, user, assistant, tool' },
    ]);

    const notJson = await importFile(client, '{"format": ');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toMatch(
      /not valid JSON/,
    );
    expect(await listIds(client)).toEqual([]);
  });

  it('refuses a cross-site upload', async () => {
    const client = new Client(app.url);
    const res = await importFile(client, '{}', { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
  });

  // Last: the server answers before reading the whole upload, which leaves that connection
  // unusable for a next request from this process.
  it('refuses files over 5 MB with 413, whatever the Content-Length says', async () => {
    const client = new Client(app.url);
    const big = JSON.stringify({
      format: 'parley.conversation',
      version: 1,
      conversation: {},
      messages: [{ id: 'a', role: 'user', content: 'x'.repeat(5 * 1024 * 1024) }],
    });
    const res = await importFile(client, big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/5 MB/);

    // A chunked body declares no length at all; the limit still holds while reading.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const part = new TextEncoder().encode('x'.repeat(1024 * 1024));
        for (let i = 0; i < 6; i++) controller.enqueue(part);
        controller.close();
      },
    });
    const streamed = await client.fetch('/api/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await listIds(client)).toEqual([]);
  });
});
