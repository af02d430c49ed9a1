import 'server-only';
import type { ChatRequest } from '@/app/api/chat/schema';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage } from '@/lib/chat/types';
import { getConfig } from '@/lib/server/config';
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
import { getUpstream } from '@/lib/server/upstream';
import { createClientSink } from './client-sink';
import { generate } from './generate';
import { activeBranch, branchTo, toWireMessages } from './history';
import { registerGeneration } from './registry';

export interface StartedChat {
  stream: ReadableStream<Uint8Array>;
  /** Settles when the answer is saved; the route hands it to `after()` so it outlives the response. */
  finished: Promise<void>;
}

/** A provisional title until the title issue's generated ones exist. */
function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}

export async function startChat(
  userId: string,
  body: ChatRequest,
  options: { deadlineMs: number },
): Promise<StartedChat> {
  const db = await getDb();
  const model = await resolveModel(body.model);

  const conversation = body.conversationId
    ? await getConversation(db, { userId, conversationId: body.conversationId })
    : await createConversation(db, { userId, title: titleFrom(body.content ?? ''), model });
  if (!conversation) throw notFound('Conversation not found.');

  const messages = body.conversationId
    ? await listMessages(db, { conversationId: conversation.id })
    : [];
  if (messages.some((m) => m.status === 'streaming')) {
    throw new AppError(
      'conflict',
      'An answer is still being written in this conversation. Stop it first.',
    );
  }

  let userMessage: ChatMessage;
  let branch: ChatMessage[];
  if (body.retryOf) {
    const failed = messages.find((m) => m.id === body.retryOf && m.role === 'assistant');
    const parent = failed?.parentId ? messages.find((m) => m.id === failed.parentId) : undefined;
    if (!failed || !parent || parent.role !== 'user')
      throw notFound('That answer cannot be retried.');
    userMessage = parent;
    branch = branchTo(messages, parent.id);
  } else {
    const history = activeBranch(messages);
    userMessage = await insertMessage(db, {
      conversationId: conversation.id,
      parentId: history.at(-1)?.id ?? null,
      role: 'user',
      content: body.content ?? '',
      status: 'complete',
    });
    branch = [...history, userMessage];
  }

  const assistant = await insertMessage(db, {
    conversationId: conversation.id,
    parentId: userMessage.id,
    role: 'assistant',
    content: '',
    status: 'streaming',
    model,
  });
  await touchConversation(db, { conversationId: conversation.id, model });

  const sink = createClientSink();
  sink.send(
    encodeSSE(
      { conversationId: conversation.id, userMessage, assistantMessage: assistant },
      'start',
    ),
  );

  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort('deadline'), options.deadlineMs);
  const config = getConfig();
  const finished = generate({
    db,
    upstream: getUpstream(),
    assistant,
    request: { model, messages: toWireMessages(branch), ...body.params },
    sink,
    signal: controller.signal,
    secrets: config.openaiApiKey ? [config.openaiApiKey] : [],
  })
    .then(() => undefined)
    .finally(() => clearTimeout(deadline));
  registerGeneration(assistant.id, controller, finished);

  return { stream: sink.stream, finished };
}
