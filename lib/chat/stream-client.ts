import type { ChatCompletionChunk } from '@/lib/openai/accumulate';
import { createSSEDecoder, parseChunkEvent } from '@/lib/openai/sse';
import type { DoneEvent, ErrorEvent, MessageEvent, StartEvent, StepEvent } from './events';
import type { ChatError } from './types';

export interface ChatStreamHandlers {
  onStart(event: StartEvent): void;
  onStep(event: StepEvent): void;
  onChunk(chunk: ChatCompletionChunk): void;
  onMessage(event: MessageEvent): void;
  onError(error: ChatError): void;
  onDone(event: DoneEvent): void;
}

/** A request the server refused before any answer started (nothing was saved). */
export class ChatRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function refusal(res: Response): Promise<ChatRequestError> {
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    return new ChatRequestError(
      res.status,
      body.error?.code ?? 'http_error',
      body.error?.message ?? `The server answered HTTP ${res.status}.`,
    );
  } catch {
    return new ChatRequestError(
      res.status,
      'http_error',
      `The server answered HTTP ${res.status}.`,
    );
  }
}

/**
 * Posts to a turn endpoint (/api/chat, or a tool approval) and dispatches its events. Resolves
 * when the stream ends; rejects with ChatRequestError on a refused request, or with the network
 * error if the connection drops.
 */
export async function streamChat(
  url: string,
  body: unknown,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) throw await refusal(res);

  const decoder = createSSEDecoder((message) => {
    const data = message.data;
    switch (message.event) {
      case 'start':
        return handlers.onStart(JSON.parse(data) as StartEvent);
      case 'step':
        return handlers.onStep(JSON.parse(data) as StepEvent);
      case 'message':
        return handlers.onMessage(JSON.parse(data) as MessageEvent);
      case 'error':
        return handlers.onError((JSON.parse(data) as ErrorEvent).error);
      case 'done':
        return handlers.onDone(JSON.parse(data) as DoneEvent);
      default: {
        const event = parseChunkEvent(data);
        if (event.type === 'chunk') handlers.onChunk(event.chunk);
      }
    }
  });
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    decoder.push(value);
  }
  decoder.end();
}
