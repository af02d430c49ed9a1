// Helpers for the share route tests: conversations made through the real /api/chat, and the
// three kinds of caller the access matrix covers.
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ShareSummary } from '@/lib/share/types';
import { Client, readChat } from './client';

/** Starts (or continues) a conversation with one user message; returns its id once answered. */
export async function chat(client: Client, content: string, conversationId?: string) {
  const run = await readChat(await client.postChat({ content, conversationId }));
  return run.start.conversationId;
}

export async function detail(client: Client, id: string) {
  return client.json<ConversationDetail>(`/api/conversations/${id}`);
}

export async function createShare(client: Client, conversationId: string, indexable = false) {
  return client.json<{ share: ShareSummary }>(`/api/conversations/${conversationId}/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ indexable }),
  });
}

export function patchShare(client: Client, shareId: string, body: unknown) {
  return client.fetch(`/api/shares/${shareId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function revoke(client: Client, shareId: string) {
  return client.fetch(`/api/shares/${shareId}`, { method: 'DELETE' });
}

export function fork(client: Client, shareId: string, headers: Record<string, string> = {}) {
  return client.fetch(`/api/shares/${shareId}/fork`, {
    method: 'POST',
    headers: { accept: 'application/json', ...headers },
    redirect: 'manual',
  });
}

/** A guest with a cookie of their own (minted by the page load Client makes first). */
export async function guest(baseUrl: string): Promise<Client> {
  const client = new Client(baseUrl);
  await client.fetch('/api/conversations');
  if (!client.cookie) throw new Error('no guest cookie issued');
  return client;
}

/** A caller that never keeps a cookie: every request is its first. */
export class Anonymous extends Client {
  constructor(baseUrl: string) {
    super(baseUrl, { session: false });
  }
  override async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    this.cookie = null;
    const res = await super.fetch(path, init);
    this.lastCookie = this.cookie;
    this.cookie = null;
    return res;
  }
  /** The cookie the last response tried to set, if any. */
  lastCookie: string | null = null;
}

/** The text of an HTML page (tags removed), for "the page shows X" checks. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
