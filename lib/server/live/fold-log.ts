import 'server-only';
import { decodeTurnEvent } from '@/lib/chat/events';
import { type StreamedFields, fieldsFromStream } from '@/lib/chat/from-stream';
import { initialStreamState, type StreamState, step } from '@/lib/openai/accumulate';
import { endStream } from '@/lib/openai/end-stream';

// A turn's live log replayed the way a browser replays it (lib/store/stream-driver.ts): the
// answer it was writing when it stopped, as far as the log goes. The log is written every
// 250 ms, the answer's progress copy every 5 s, so after a crash the log usually holds more.

export interface LoggedAnswer {
  /** The assistant message the log's last chunks built. */
  messageId: string;
  fields: StreamedFields;
  /** Characters of text, reasoning and tool-call arguments (what "holds more" compares). */
  size: number;
}

/** One logged frame (`event: NAME\ndata: JSON\n\n`, the event line only for named events). */
function parseFrame(frame: string): { event?: string; data: string } {
  let event: string | undefined;
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return { event, data: data.join('\n') };
}

export function answerSize(
  fields: Pick<StreamedFields, 'content' | 'reasoning' | 'toolCalls'>,
): number {
  const args = (fields.toolCalls ?? []).reduce((n, c) => n + c.function.arguments.length, 0);
  return fields.content.length + (fields.reasoning?.length ?? 0) + args;
}

/**
 * The answer still being written at the end of the log, or null when the log ends after a
 * saved step or the turn's `done` (nothing there is newer than the database).
 */
export function foldLog(frames: Iterable<string>): LoggedAnswer | null {
  let current: { messageId: string; state: StreamState } | null = null;
  for (const frame of frames) {
    const event = decodeTurnEvent(parseFrame(frame));
    if (!event) continue;
    if (event.type === 'start' || event.type === 'step') {
      current = { messageId: event.assistantMessage.id, state: initialStreamState() };
    } else if (event.type === 'chunk') {
      if (current) current.state = step(current.state, event.chunk).state;
    } else if (event.type === 'message') {
      if (current?.messageId === event.message.id) current = null;
    } else if (event.type === 'done') {
      current = null;
    }
  }
  if (!current) return null;
  const fields = fieldsFromStream(endStream(current.state).state);
  return { messageId: current.messageId, fields, size: answerSize(fields) };
}
