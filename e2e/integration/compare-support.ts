// Helpers for comparison tests (one question, several models at once): start one, and follow
// one of its answers through its own resumable stream, as the browser does.
import type { ComparisonStarted } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { createSSEDecoder, type SSEMessage } from '@/lib/openai/sse';
import type { Client } from './client';

export const MODELS = ['mock-model', 'mock-fast', 'mock-slow'] as const;
/** The models every comparison test app offers (the default provider's CHAT_MODELS). */
export const COMPARE_ENV = { CHAT_MODEL: 'mock-model', CHAT_MODELS: MODELS.join(',') };

export const choices = (models: readonly string[] = MODELS) =>
  models.map((model) => ({ provider: 'default', model }));

export async function postCompare(
  client: Client,
  body: Record<string, unknown>,
): Promise<{ status: number; body: ComparisonStarted & { error?: { message: string } } }> {
  return client.json('/api/chat/compare', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export interface FollowedAnswer {
  messages: SSEMessage[];
  /** Text of every chunk, in order. */
  text: string;
  /** The answer as saved (the `done` event), or null when the stream ended without it. */
  saved: ChatMessage | null;
}

const textOf = (messages: SSEMessage[]) =>
  messages
    .filter((m) => !m.event && m.data)
    .map(
      (m) =>
        (JSON.parse(m.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta
          ?.content ?? '',
    )
    .join('');

/** Follows one answer of a comparison (by its id) until `done`, or until `until` says stop. */
export async function followAnswer(
  client: Client,
  conversationId: string,
  messageId: string,
  until?: (all: SSEMessage[]) => boolean,
): Promise<FollowedAnswer> {
  const res = await client.fetch(
    `/api/conversations/${conversationId}/stream?message=${messageId}`,
  );
  if (res.status !== 200 || !res.body) throw new Error(`follow: HTTP ${res.status}`);
  const messages: SSEMessage[] = [];
  let stop = false;
  const decoder = createSSEDecoder((m) => {
    messages.push(m);
    if (until?.(messages)) stop = true;
  });
  const reader = res.body.getReader();
  while (!stop) {
    const { done, value } = await reader.read();
    if (done) break;
    decoder.push(value);
  }
  if (stop) await reader.cancel();
  const done = messages.find((m) => m.event === 'done');
  const saved = done
    ? ((JSON.parse(done.data) as { messages: ChatMessage[] }).messages.findLast(
        (m) => m.role === 'assistant',
      ) ?? null)
    : null;
  return { messages, text: textOf(messages), saved };
}

/** `tok1 tok2 … tokN`, as the mock's token scenarios write them. */
export const tokens = (n: number) => Array.from({ length: n }, (_, i) => `tok${i + 1}`).join(' ');
