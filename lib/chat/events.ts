import type { NormalizedChunk } from '@/lib/openai/types';
import type { ChatError, ChatMessage, Conversation } from './types';

// The app's own SSE events, interleaved with the unnamed events that carry normalized
// `chat.completion.chunk` objects (which always belong to the turn's latest assistant message).
// Shared by the routes (encoder) and the browser's stream driver (decoder).

export interface StartPayload {
  conversationId: string;
  /** The conversation as saved when the turn began (its model, provider and settings). */
  conversation?: Conversation;
  /** The live turn: resume its stream with GET /api/conversations/:id/stream?generation=…&after=… */
  generationId?: string;
  /** The message just sent; null when a turn resumes (a retry, or a tool approval). */
  userMessage: ChatMessage | null;
  assistantMessage: ChatMessage;
}

/** A further model call in the same turn, after tool results: chunks now build this message. */
export interface StepPayload {
  assistantMessage: ChatMessage;
}

/** A saved message changed: a finished step, or a tool call's state (running, done, error…). */
export interface MessagePayload {
  message: ChatMessage;
}

export interface ErrorPayload {
  error: ChatError;
}

/** Every message this request created or changed, as saved. */
export interface DonePayload {
  messages: ChatMessage[];
}

export type AppEventName = 'start' | 'step' | 'message' | 'error' | 'done';

/** One decoded event of a turn's stream, as the browser's stream driver applies it. */
export type TurnEvent =
  | ({ type: 'start' } & StartPayload)
  | ({ type: 'step' } & StepPayload)
  | ({ type: 'message' } & MessagePayload)
  | ({ type: 'error' } & ErrorPayload)
  | ({ type: 'done' } & DonePayload)
  | { type: 'chunk'; chunk: NormalizedChunk };

const encoder = new TextEncoder();

/** One SSE event. JSON never contains a raw newline, so a single `data:` line is always enough. */
export function encodeSSE(data: unknown, event?: AppEventName): Uint8Array {
  return encoder.encode(sseFrame(data, event));
}

/** The same event as text, for a sink that numbers and logs it before encoding it once. */
export function sseFrame(data: unknown, event?: AppEventName): string {
  const head = event ? `event: ${event}\n` : '';
  return `${head}data: ${JSON.stringify(data)}\n\n`;
}

/** An SSE comment: keeps idle connections (and proxies in between) from timing out. */
export function encodeSSEComment(text: string): Uint8Array {
  return encoder.encode(`: ${text}\n\n`);
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isMessage = (value: unknown): value is ChatMessage =>
  isRecord(value) && typeof value.id === 'string' && typeof value.role === 'string';

// The server wrote these events itself from normalized state, so the browser only checks the
// shape it relies on (a guard, not a schema): a wrong event is dropped, never half-applied.
const guards: Record<TurnEvent['type'], (data: Json) => boolean> = {
  start: (d) =>
    typeof d.conversationId === 'string' &&
    isMessage(d.assistantMessage) &&
    (d.userMessage === null || isMessage(d.userMessage)),
  step: (d) => isMessage(d.assistantMessage),
  message: (d) => isMessage(d.message),
  error: (d) => isRecord(d.error) && typeof d.error.message === 'string',
  done: (d) => Array.isArray(d.messages) && d.messages.every(isMessage),
  chunk: (d) => d.object === 'chat.completion.chunk' && Array.isArray(d.choices),
};

/** Decodes one SSE message of a turn's stream; null for anything unknown or malformed. */
export function decodeTurnEvent(message: { event?: string; data: string }): TurnEvent | null {
  const type = message.event ?? 'chunk';
  if (!Object.hasOwn(guards, type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (!isRecord(data) || !guards[type as TurnEvent['type']](data)) return null;
  return (type === 'chunk' ? { type, chunk: data } : { ...data, type }) as TurnEvent;
}
