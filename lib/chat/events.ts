import type { ChatError, ChatMessage } from './types';

// The app's own SSE events, interleaved with the unnamed events that carry normalized
// `chat.completion.chunk` objects. Shared by the route (encoder) and the browser (decoder).

export interface StartEvent {
  conversationId: string;
  userMessage: ChatMessage;
  assistantMessage: ChatMessage;
}

export interface ErrorEvent {
  error: ChatError;
}

export interface DoneEvent {
  message: ChatMessage;
}

export type AppEventName = 'start' | 'error' | 'done';

const encoder = new TextEncoder();

/** One SSE event. JSON never contains a raw newline, so a single `data:` line is always enough. */
export function encodeSSE(data: unknown, event?: AppEventName): Uint8Array {
  const head = event ? `event: ${event}\n` : '';
  return encoder.encode(`${head}data: ${JSON.stringify(data)}\n\n`);
}

/** An SSE comment: keeps idle connections (and proxies in between) from timing out. */
export function encodeSSEComment(text: string): Uint8Array {
  return encoder.encode(`: ${text}\n\n`);
}
