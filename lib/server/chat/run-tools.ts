import 'server-only';
import { log } from '@/lib/server/log';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage, ToolCall, ToolRun } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import { insertMessage, updateMessage } from '@/lib/server/db/repository';
import { executeTool } from '@/lib/server/tools';
import type { Tool } from '@/lib/server/tools/types';
import type { ClientSink } from './client-sink';

export interface ToolStepOptions {
  db: Db;
  conversationId: string;
  /** The assistant message that asked for the calls. */
  assistant: ChatMessage;
  calls: ToolCall[];
  tools: ReadonlyMap<string, Tool>;
  sink: ClientSink;
  signal: AbortSignal;
  timeZone?: string;
  timeoutMs: number;
}

export interface ToolStepResult {
  /** One tool message per call, in call order, as saved. */
  messages: ChatMessage[];
  /**
   * True when the turn cannot go on by itself: a call waits for approval. A call that cannot run
   * does not halt it: its result tells the model why, and the model answers in words.
   */
  halted: boolean;
}

export const DENIED_RESULT = 'The user denied this tool call.';

/** Told to the model (as the tool result) and shown on the card, so both know why. */
export function notExecutedText(name: string): string {
  return `Parley has no tool named “${name}” (or it is turned off), so it was not run. Answer without it.`;
}

/**
 * Records one tool message per call (chained, so the branch keeps the turn in order), runs the
 * calls that need no approval in parallel, and streams every state change to the browser.
 */
export async function runToolStep(o: ToolStepOptions): Promise<ToolStepResult> {
  const emit = (message: ChatMessage) => o.sink.send(encodeSSE({ message }, 'message'));
  const created: ChatMessage[] = [];
  let parentId = o.assistant.id;

  for (const call of o.calls) {
    const tool = o.tools.get(call.function.name);
    const run: ToolRun = {
      name: call.function.name,
      status: !tool ? 'not_executed' : tool.requiresApproval ? 'awaiting_approval' : 'running',
      durationMs: null,
    };
    const message = await insertMessage(o.db, {
      conversationId: o.conversationId,
      parentId,
      role: 'tool',
      toolCallId: call.id,
      content: tool ? '' : notExecutedText(call.function.name),
      status: run.status === 'running' ? 'streaming' : 'complete',
      toolRun: run,
    });
    parentId = message.id;
    created.push(message);
    emit(message);
  }

  const finished = await Promise.all(
    created.map(async (message, i) => {
      const call = o.calls[i];
      const tool = call ? o.tools.get(call.function.name) : undefined;
      if (!call || !tool || message.toolRun?.status !== 'running') return message;
      return executeAndSave(o, message, tool, call.function.arguments);
    }),
  );
  const halted = finished.some((m) => m.toolRun?.status === 'awaiting_approval');
  return { messages: finished, halted };
}

/** Runs one tool for a saved tool message and saves its outcome; never throws. */
export async function executeAndSave(
  o: Pick<ToolStepOptions, 'db' | 'sink' | 'signal' | 'timeZone' | 'timeoutMs'>,
  message: ChatMessage,
  tool: Tool,
  rawArguments: string,
): Promise<ChatMessage> {
  const outcome = await executeTool(tool, rawArguments, {
    signal: o.signal,
    timeZone: o.timeZone,
    timeoutMs: o.timeoutMs,
  });
  const patch = {
    content: outcome.content,
    status: outcome.status === 'done' ? ('complete' as const) : ('error' as const),
    toolRun: {
      name: tool.name,
      status: outcome.status,
      durationMs: Math.round(outcome.durationMs),
    },
  };
  const saved = (await updateMessage(o.db, message.id, patch).catch((error) => {
    log.error({ err: error, messageId: message.id }, 'saving a tool result failed');
    return null;
  })) ?? { ...message, ...patch };
  o.sink.send(encodeSSE({ message: saved }, 'message'));
  return saved;
}
