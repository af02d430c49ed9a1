import type { ChatError, ChatMessage } from './types';

// The app's own SSE events, interleaved with the unnamed events that carry normalized
// `chat.completion.chunk` objects (which always belong to the turn's latest assistant message).
// Shared by the routes (encoder) and the browser (decoder).

export interface StartEvent {
  conversationId: string;
  /** The message just sent; null when a turn resumes (a retry, or a tool approval). */
  userMessage: ChatMessage | null;
  assistantMessage: ChatMessage;
}

/** A further model call in the same turn, after tool results: chunks now build this message. */
export interface StepEvent {
  assistantMessage: ChatMessage;
}

/** A saved message changed: a finished step, or a tool call's state (running, done, error…). */
export interface MessageEvent {
  message: ChatMessage;
}

export interface ErrorEvent {
  error: ChatError;
}

/** Every message this request created or changed, as saved. */
export interface DoneEvent {
  messages: ChatMessage[];
}

export type AppEventName = 'start' | 'step' | 'message' | 'error' | 'done';

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
