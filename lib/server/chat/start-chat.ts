import 'server-only';
import type { ChatRequest } from '@/app/api/chat/schema';
import type { ChatMessage } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import { getDb } from '@/lib/server/db/client';
import {
  createConversation,
  getConversation,
  insertMessage,
  listMessages,
  touchConversation,
} from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';
import { resolveModel } from '@/lib/server/models';
import { activeBranch, branchTo } from './history';
import { type LaunchedTurn, launchTurn } from './launch-turn';

/** A provisional title until the title issue's generated ones exist. */
function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}

/** Refuses a second answer while one is being written (a double submit, or two tabs). */
export function assertIdle(messages: readonly ChatMessage[]) {
  if (messages.some((m) => m.status === 'streaming')) {
    throw new AppError(
      'conflict',
      'An answer is still being written in this conversation. Stop it first.',
    );
  }
}

export async function startChat(
  userId: string,
  body: ChatRequest,
  options: { deadlineMs: number },
): Promise<LaunchedTurn> {
  const db = await getDb();
  const model = await resolveModel(body.model);

  const conversation = body.conversationId
    ? await getConversation(db, { userId, conversationId: body.conversationId })
    : await createConversation(db, {
        userId,
        title: titleFrom(body.content ?? ''),
        model,
        settings: body.tools ? { tools: body.tools } : {},
      });
  if (!conversation) throw notFound('Conversation not found.');

  const messages = body.conversationId
    ? await listMessages(db, { conversationId: conversation.id })
    : [];
  assertIdle(messages);

  const { branch, userMessage, parentId } = body.retryOf
    ? retryPoint(messages, body.retryOf)
    : await newUserMessage(db, conversation.id, messages, body.content ?? '');

  const assistant = await insertMessage(db, {
    conversationId: conversation.id,
    parentId,
    role: 'assistant',
    status: 'streaming',
    model,
  });
  await touchConversation(db, { conversationId: conversation.id, model });

  return launchTurn({
    db,
    conversation,
    branch,
    assistant,
    userMessage,
    model,
    params: body.params,
    timeZone: body.timeZone,
    deadlineMs: options.deadlineMs,
  });
}

/** A retry answers again from where the failed answer started: a sibling, nothing is deleted. */
function retryPoint(messages: ChatMessage[], retryOf: string) {
  const failed = messages.find((m) => m.id === retryOf && m.role === 'assistant');
  if (!failed?.parentId) throw notFound('That answer cannot be retried.');
  return {
    branch: branchTo(messages, failed.parentId),
    userMessage: null,
    parentId: failed.parentId,
  };
}

async function newUserMessage(
  db: Db,
  conversationId: string,
  messages: ChatMessage[],
  content: string,
) {
  const history = activeBranch(messages);
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: history.at(-1)?.id ?? null,
    role: 'user',
    content,
    status: 'complete',
  });
  return { branch: [...history, userMessage], userMessage, parentId: userMessage.id };
}
