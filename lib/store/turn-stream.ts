import { decodeTurnEvent, type TurnEvent } from '@/lib/chat/events';
import { createSSEDecoder } from '@/lib/openai/sse-decoder';

// The wire under the stream driver: opens a turn's event stream (POST to start one, GET to
// resume one) and hands each decoded event, with its SSE id, to the driver.

/** A request the server refused before any answer started (nothing was saved). */
export class TurnRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function refusal(res: Response): Promise<TurnRefused> {
  const fallback = `The server answered HTTP ${res.status}.`;
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    return new TurnRefused(
      res.status,
      body.error?.code ?? 'http_error',
      body.error?.message ?? fallback,
    );
  } catch {
    return new TurnRefused(res.status, 'http_error', fallback);
  }
}

export interface TurnRequest {
  url: string;
  /** Present: POST it as JSON (a new turn). Absent: GET (resuming a turn's events). */
  body?: unknown;
  /** The last SSE id seen, so a resume route replays only what came after it. */
  lastEventId?: string;
}

/**
 * Reads a turn's events until the stream ends. Rejects with TurnRefused when the server refused
 * the request, or with the network error if the connection drops.
 */
export async function readTurn(
  request: TurnRequest,
  onEvent: (event: TurnEvent, id: string | undefined) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.lastEventId !== undefined) headers['last-event-id'] = request.lastEventId;
  const res = await fetch(request.url, {
    method: request.body === undefined ? 'GET' : 'POST',
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    signal,
  });
  // 204 from the resume route: the conversation has no live turn (any more).
  if (res.status === 204 && request.body === undefined) return;
  if (!res.ok || !res.body) throw await refusal(res);

  const decoder = createSSEDecoder((message) => {
    const event = decodeTurnEvent(message);
    if (event) onEvent(event, message.id);
  });
  const reader = res.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      decoder.push(value);
    }
    decoder.end();
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * Where a conversation's live turn is resumed, on any server instance: its events after
 * `afterSeq` (also sent as Last-Event-ID), then the live tail, ending with `done`.
 */
export const resumeUrl = (conversationId: string, afterSeq: number, generationId?: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/stream?after=${afterSeq}${
    generationId ? `&generation=${encodeURIComponent(generationId)}` : ''
  }`;

export { requestStop } from './request-stop';
