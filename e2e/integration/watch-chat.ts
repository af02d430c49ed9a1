// A reader of /api/chat that keeps reading in the background, so a test can look at what it saw
// so far at any moment (and then kill a server, stop a database, or walk away).
import type { StartPayload } from '@/lib/chat/events';
import type { ChatError } from '@/lib/chat/types';
import { createSSEDecoder } from '@/lib/openai/sse';

export interface Watch {
  /** The answer's text as the reader has it now (content deltas of every chunk). */
  readonly text: string;
  readonly errors: ChatError[];
  readonly started: Promise<StartPayload>;
  /** The stream ended: finished, failed, or its server went away. */
  readonly closed: Promise<void>;
  /** Resolves once the text satisfies `ok` (rejects after `timeoutMs` or if the stream ends first). */
  until(ok: (text: string) => boolean, timeoutMs?: number): Promise<void>;
  /** The reader leaves (closes the connection), as a browser tab that is closed. */
  cancel(): Promise<void>;
}

interface Chunk {
  choices?: { delta?: { content?: string | null } }[];
}

export async function watchChat(res: Response): Promise<Watch> {
  if (!res.ok || !res.body) throw new Error(`chat failed: HTTP ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let text = '';
  const errors: ChatError[] = [];
  let onStart: (start: StartPayload) => void = () => {};
  const started = new Promise<StartPayload>((resolve) => {
    onStart = resolve;
  });
  const waiters = new Set<() => void>();
  const decoder = createSSEDecoder((m) => {
    if (m.event === 'start') onStart(JSON.parse(m.data) as StartPayload);
    else if (m.event === 'error') errors.push((JSON.parse(m.data) as { error: ChatError }).error);
    else if (!m.event) {
      text += ((JSON.parse(m.data) as Chunk).choices ?? [])
        .map((c) => c.delta?.content ?? '')
        .join('');
    }
    for (const wake of waiters) wake();
  });
  let ended = false;
  const closed = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        decoder.push(value);
      }
    } catch {
      // The server went away mid-stream: what arrived is what the reader saw.
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    get text() {
      return text;
    },
    errors,
    started,
    closed,
    until(ok, timeoutMs = 15_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the stream did not get there in ${timeoutMs} ms: ${text.slice(-80)}`));
        }, timeoutMs);
        const check = () => {
          if (!ok(text) && !ended) return;
          waiters.delete(check);
          clearTimeout(timer);
          if (ok(text)) resolve();
          else reject(new Error(`the stream ended first: ${text.slice(-80)}`));
        };
        waiters.add(check);
        check();
      });
    },
    cancel: async () => {
      await reader.cancel().catch(() => {});
      await closed;
    },
  };
}
