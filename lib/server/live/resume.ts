import 'server-only';
import { log } from '@/lib/server/log';
import { encodeSSE, encodeSSEComment } from '@/lib/chat/events';
import type { ChatMessage } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import {
  type Generation,
  generationOfMessage,
  getGeneration,
  latestGeneration,
  listMessages,
  readEvents,
} from '@/lib/server/db/repository';
import { isListening, waitFor } from './bus';
import { settleLostGenerations } from './settle';

export interface ResumeInput {
  conversationId: string;
  /** Pins the turn the browser followed; default: the conversation's newest. */
  generationId?: string;
  /** The turn that began with this answer (a comparison's column); default: the newest. */
  messageId?: string;
  /** The last sequence number the browser has (0 = nothing yet). */
  after: number;
  signal: AbortSignal;
  /** End the response (the browser reconnects) before the platform's time limit. */
  deadlineMs: number;
  keepAliveMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function findGeneration(
  db: Db,
  input: Pick<ResumeInput, 'conversationId' | 'generationId' | 'messageId'>,
): Promise<Generation | null> {
  if (!input.generationId && input.messageId) {
    return generationOfMessage(db, {
      conversationId: input.conversationId,
      messageId: input.messageId,
    });
  }
  if (!input.generationId) return latestGeneration(db, input.conversationId);
  const g = await getGeneration(db, input.generationId);
  return g?.conversationId === input.conversationId ? g : null;
}

/**
 * Replays a turn's events after `after` from the log, then follows its live tail (woken by
 * NOTIFY where available, polling otherwise) until it ends with the turn's `done` frame,
 * which carries the messages as saved. Served by any instance.
 */
export function resumeStream(
  db: Db,
  generation: Generation,
  input: ResumeInput,
): ReadableStream<Uint8Array> {
  const { id } = generation;
  let closed = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const started = Date.now();
      let lastSent = started;
      let cursor = input.after;
      const send = (bytes: Uint8Array) => {
        if (closed) return;
        lastSent = Date.now();
        try {
          controller.enqueue(bytes);
        } catch {
          closed = true;
        }
      };
      let sawDone = false;
      const frame = (seq: number, text: string) => {
        if (text.startsWith('event: done\n')) sawDone = true;
        send(encoder.encode(`id: ${seq}\n${text}`));
      };
      const pollMs = (await isListening()) ? 2_000 : 250;
      try {
        const replay = async () => {
          for (const batch of await readEvents(db, { generationId: id, after: cursor })) {
            batch.frames.forEach((text, i) => {
              const seq = batch.firstSeq + i;
              if (seq > cursor) {
                frame(seq, text);
                cursor = seq;
              }
            });
          }
        };
        while (!closed && !input.signal.aborted) {
          await replay();
          const g = await getGeneration(db, id);
          if (!g?.finished) {
            if (g?.expired) {
              // Its instance vanished: settle it here, then end like any finished turn.
              await settleLostGenerations(db, { conversationId: g.conversationId });
              continue;
            }
            if (!g || Date.now() - started > input.deadlineMs) break;
            if (Date.now() - lastSent > (input.keepAliveMs ?? 15_000))
              send(encodeSSEComment('keep-alive'));
            await waitFor([`events:${id}`, `finished:${id}`], pollMs, input.signal);
            continue;
          }
          // Finishing appended the rest of the log in the same statement: read it all.
          await replay();
          if (sawDone) break;
          if (g.doneEvent) {
            // The log was compacted already: the saved messages end the stream.
            if (cursor < g.lastSeq) frame(g.lastSeq, g.doneEvent);
          } else {
            // Lost or failed without a `done`: end with the turn's messages as saved now.
            const messages = turnMessages(
              await listMessages(db, { conversationId: g.conversationId }),
              g,
            );
            frame(g.lastSeq + 1, decoder.decode(encodeSSE({ messages }, 'done')));
          }
          break;
        }
      } catch (error) {
        log.error({ err: error }, 'resuming a live answer failed');
      }
      if (!closed) {
        closed = true;
        try {
          controller.close();
        } catch {
          // Already closed by the runtime.
        }
      }
    },
    cancel() {
      closed = true;
    },
  });
}

/** A turn's messages as saved: its first answer and what grew under it (or, for turns without a
 * recorded answer, every message written since it began). */
function turnMessages(all: ChatMessage[], g: Generation): ChatMessage[] {
  const since = all.filter(
    (m) => m.role !== 'user' && Date.parse(m.createdAt) >= g.createdAt.getTime(),
  );
  if (!g.messageId) return since;
  const mine = new Set([g.messageId]);
  return since.filter((m) => {
    if (m.id === g.messageId || (m.parentId && mine.has(m.parentId))) {
      mine.add(m.id);
      return true;
    }
    return false;
  });
}
