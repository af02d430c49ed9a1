import type { ChatMessage, MessageStatus, ToolCall, ToolRunStatus, Usage } from './types';
import { reasoningTokens, tokenCount as count } from './usage';

// How a flat, ordered message list is shown: each user message on its own, and everything the
// assistant did in reply (every step's message and every tool result) as one turn.

export type Item =
  | { kind: 'user'; message: ChatMessage }
  | {
      kind: 'assistant';
      /** Id of the turn's first message: stable while later steps are appended. */
      id: string;
      /** The turn's assistant and tool messages, in order. */
      messages: ChatMessage[];
    };

/** What a tool-call card shows. */
export type ToolCardStatus = 'streaming' | ToolRunStatus;

/**
 * Groups messages into items. System messages are not shown. A run of assistant/tool messages
 * becomes one turn, even one made only of tool messages.
 */
export function groupTurns(messages: ChatMessage[]): Item[] {
  const items: Item[] = [];
  let turn: ChatMessage[] | null = null;
  for (const message of messages) {
    if (message.role === 'user') {
      items.push({ kind: 'user', message });
      turn = null;
    } else if (message.role === 'assistant' || message.role === 'tool') {
      if (turn === null) {
        turn = [];
        items.push({ kind: 'assistant', id: message.id, messages: turn });
      }
      turn.push(message);
    }
  }
  return items;
}

/** A tool message whose tool is still executing. */
function isRunning(message: ChatMessage): boolean {
  return (
    message.role === 'tool' && message.status === 'streaming' && runStatus(message) === 'running'
  );
}

/**
 * The turn's status: 'streaming' while a tool runs, else that of its last assistant message (or,
 * in a turn made only of tool messages, of its last message; a tool waiting for approval has
 * stopped, so it counts as complete).
 */
export function turnStatus(messages: ChatMessage[]): MessageStatus {
  if (messages.some(isRunning)) return 'streaming';
  const lastAssistant = messages.findLast((m) => m.role === 'assistant');
  const last = lastAssistant ?? messages.at(-1);
  if (!last) return 'complete';
  if (last.role === 'tool' && last.status === 'streaming') return 'complete';
  return last.status;
}

// A tool message without a toolRun (older rows) is read from its message status.
function runStatus(message: ChatMessage): ToolRunStatus {
  if (message.toolRun) return message.toolRun.status;
  switch (message.status) {
    case 'streaming':
      return 'running';
    case 'error':
      return 'error';
    case 'interrupted':
      return 'not_executed';
    default:
      return 'done';
  }
}

/** The tool message answering a call, if any. */
export function toolResultFor(call: ToolCall, turnMessages: ChatMessage[]): ChatMessage | null {
  if (!call.id) return null;
  return turnMessages.find((m) => m.role === 'tool' && m.toolCallId === call.id) ?? null;
}

/**
 * The status a call's card shows. With a tool message: its run status (a run cut short by a
 * crash counts as not executed). Without one: 'streaming' while the message carrying the call is
 * still streaming its arguments, 'running' if that message asked for the tools and the turn goes
 * on, otherwise 'not_executed'.
 */
export function toolStateFor(
  call: ToolCall,
  turnMessages: ChatMessage[],
  turnStreaming: boolean,
): ToolCardStatus {
  const result = toolResultFor(call, turnMessages);
  if (result) {
    const status = runStatus(result);
    if (status === 'running' && result.status !== 'streaming') return 'not_executed';
    return status;
  }
  const carrier = turnMessages.find(
    (m) =>
      m.role === 'assistant' &&
      m.toolCalls?.some((c) => c === call || (call.id !== '' && c.id === call.id)),
  );
  if (carrier?.status === 'streaming') return 'streaming';
  if (carrier?.status === 'complete' && carrier.finishReason === 'tool_calls' && turnStreaming) {
    return 'running';
  }
  return 'not_executed';
}

const COUNTS = ['prompt_tokens', 'completion_tokens', 'total_tokens'] as const;

/**
 * Token usage of a whole turn: the sum over its steps (each step is a separate request, so this is
 * what the turn cost). One step's usage is returned as is; null when no step reported any.
 */
export function turnUsage(messages: ChatMessage[]): Usage | null {
  const usages = messages.flatMap((m) => (m.role === 'assistant' && m.usage ? [m.usage] : []));
  if (usages.length <= 1) return usages[0] ?? null;
  const total: Usage = {};
  for (const key of COUNTS) {
    const values = usages.map((u) => count(u[key])).filter((v) => v !== null);
    if (values.length > 0) total[key] = values.reduce((a, b) => a + b, 0);
  }
  const reasoning = usages.map(reasoningTokens).filter((v) => v !== null);
  if (reasoning.length > 0) {
    total.completion_tokens_details = { reasoning_tokens: reasoning.reduce((a, b) => a + b, 0) };
  }
  return total;
}
