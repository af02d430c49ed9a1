import 'server-only';
import { currentRequestId, withRequestContext } from '@/lib/server/log';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage, Conversation, ToolCall } from '@/lib/chat/types';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/database';
import {
  getMessageForUser,
  insertMessage,
  listMessages,
  decideToolCall,
} from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';
import { beginGeneration, type LiveGeneration } from '@/lib/server/live/generation';
import { resolveModelChoice } from '@/lib/server/providers/models';
import { enabledTools } from './enabled-tools';
import { branchTo } from './history';
import { type LaunchedTurn, launchTurn } from './launch-turn';
import { DENIED_RESULT, executeAndSave } from './run-tools';
import { assertIdle } from './start-chat';
import { settleLostGenerations } from '@/lib/server/live/settle';

const notWaiting = () =>
  new AppError('conflict', 'This tool call was already decided; it is not waiting for approval.');

/**
 * The user's answer to a tool call that waits for approval: run it (or record the denial), and
 * once no call of that step is waiting any more, let the model continue the turn.
 */
export function decideTool(
  userId: string,
  toolMessageId: string,
  input: { approve: boolean; timeZone?: string },
  options: { deadlineMs: number },
): Promise<LaunchedTurn> {
  // A fresh request id (unless the caller set one) that every log line of the turn carries:
  // the generation outlives the response, and the id follows it.
  return withRequestContext(currentRequestId() ?? crypto.randomUUID(), () =>
    decideToolNow(userId, toolMessageId, input, options),
  );
}

async function decideToolNow(
  userId: string,
  toolMessageId: string,
  input: { approve: boolean; timeZone?: string },
  options: { deadlineMs: number },
): Promise<LaunchedTurn> {
  const db = await getDb();
  const found = await getMessageForUser(db, { userId, messageId: toolMessageId });
  if (found?.message.role !== 'tool') throw notFound('Tool call not found.');
  const { conversation } = found;
  if (found.message.toolRun?.status !== 'awaiting_approval') throw notWaiting();

  await settleLostGenerations(db, { conversationId: conversation.id });
  const messages = await listMessages(db, { conversationId: conversation.id });
  assertIdle(messages);
  const branch = branchTo(messages, toolMessageId);
  const assistant = [...branch].reverse().find((m) => m.role === 'assistant');
  const call = assistant?.toolCalls?.find((c) => c.id === found.message.toolCallId);
  if (!assistant || !call) throw notFound('Tool call not found.');

  // The turn is live from here: the tool may run (a streaming row) before the model continues.
  const live = await beginGeneration(db, conversation.id);
  try {
    return await continueTurn(live, { ...found, userId, assistant, call }, input, options);
  } catch (error) {
    await live.finish('failed').catch(() => {});
    throw error;
  }
}

async function continueTurn(
  live: LiveGeneration,
  found: {
    userId: string;
    message: ChatMessage;
    conversation: Conversation;
    assistant: ChatMessage;
    call: ToolCall;
  },
  input: { approve: boolean; timeZone?: string },
  options: { deadlineMs: number },
): Promise<LaunchedTurn> {
  const db = await getDb();
  const { conversation, assistant, call, userId } = found;
  const toolMessageId = found.message.id;
  const sink = live.sink;
  const config = getConfig();
  const tool = input.approve
    ? (await enabledTools(conversation.settings)).get(call.function.name)
    : undefined;
  if (input.approve && !tool)
    throw new AppError('conflict', `The tool “${call.function.name}” is no longer available.`);

  // The decision is claimed atomically: of two decisions that both read the call as waiting
  // (one may even start after the other's turn ended), only one finds it still awaiting
  // approval, so the tool runs once; the other is told it was already decided.
  const claimed = await decideToolCall(
    db,
    toolMessageId,
    tool
      ? { status: 'streaming', toolRun: { name: tool.name, status: 'running', durationMs: null } }
      : {
          content: DENIED_RESULT,
          status: 'complete',
          toolRun: { name: call.function.name, status: 'denied', durationMs: null },
        },
  );
  if (!claimed) throw notWaiting();
  sink.send(encodeSSE({ message: claimed }, 'message'));
  const decided = tool
    ? await executeAndSave(
        {
          db,
          sink,
          signal: AbortSignal.timeout(config.toolTimeoutMs + 1_000),
          timeZone: input.timeZone,
          timeoutMs: config.toolTimeoutMs,
        },
        claimed,
        tool,
        call.function.arguments,
      )
    : claimed;

  // The step's tool messages, as saved now: the assistant's calls answered in order.
  const after = await listMessages(db, { conversationId: conversation.id });
  const step = after.filter(
    (m) => m.role === 'tool' && assistant.toolCalls?.some((c) => c.id === m.toolCallId),
  );
  const waiting = step.some((m) => m.toolRun?.status === 'awaiting_approval');
  const lastOfStep = step.at(-1);
  if (waiting || !lastOfStep) {
    sink.send(encodeSSE({ messages: [decided] }, 'done'));
    sink.close();
    return { stream: sink.stream, finished: live.finish() };
  }

  // The conversation's model (the one that asked for the tool), if it is still available.
  const choice = await resolveModelChoice(undefined, conversation);
  const { model } = choice;
  const next = await insertMessage(db, {
    conversationId: conversation.id,
    parentId: lastOfStep.id,
    role: 'assistant',
    status: 'streaming',
    model,
  });
  return launchTurn({
    db,
    userId,
    conversation,
    branch: branchTo(after, lastOfStep.id),
    assistant: next,
    userMessage: null,
    changedBefore: [decided],
    model,
    provider: choice.provider.name,
    timeZone: input.timeZone,
    deadlineMs: options.deadlineMs,
    live,
  });
}
