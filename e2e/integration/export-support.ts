// Helpers for the export / import / "delete all my data" route tests.
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ImportResult } from '@/lib/chat/export-types';
import type { ChatMessage } from '@/lib/chat/types';
import type { Client } from './client';

export function exportConversation(client: Client, id: string, format: 'md' | 'json') {
  return client.fetch(`/api/conversations/${id}/export?format=${format}`);
}

export function importFile(client: Client, body: string, headers: Record<string, string> = {}) {
  return client.fetch('/api/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

export async function importOk(client: Client, body: string): Promise<ImportResult> {
  const res = await importFile(client, body);
  if (res.status !== 201) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as ImportResult;
}

export async function listIds(client: Client): Promise<string[]> {
  const { body } = await client.json<{ items: { id: string }[] }>('/api/conversations');
  return body.items.map((c) => c.id);
}

/** What a message is, without the ids and times that an import replaces. */
export function essence(m: Omit<ChatMessage, 'conversationId'>) {
  return {
    role: m.role,
    content: m.content,
    reasoning: m.reasoning,
    toolCalls: m.toolCalls,
    toolCallId: m.toolCallId,
    toolRun: m.toolRun,
    status: m.status,
    finishReason: m.finishReason,
    model: m.model,
  };
}

export async function detailOf(client: Client, id: string) {
  return client.json<ConversationDetail>(`/api/conversations/${id}`);
}
