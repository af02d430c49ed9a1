import 'server-only';
import { blankMessage } from '@/lib/chat/blank-message';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import { streamedRequest } from './generate';
import { type HeadStart, sendHeadStart } from './head-start';
import { activeBranch } from './history';
import { turnProvider, turnRequestInput } from './launch-turn';
import { firstStepRequest } from './turn';

/**
 * A turn's first model call, built as the turn will build it from rows not saved yet, and sent
 * (head-start.ts). Only for a history without files: those are read from the database to build
 * the request, and would then be read twice. Null when there is nothing to gain or building it
 * failed: the turn then calls the model itself once it is saved.
 */
export async function askEarly(
  db: Db,
  o: {
    conversation: Pick<Conversation, 'id' | 'settings' | 'assistant'>;
    /** The history the model sees, ending with the unsaved question (unsavedQuestion). */
    branch: ChatMessage[];
    model: string;
    provider: string;
    params?: ChatCompletionParams;
  },
): Promise<HeadStart | null> {
  if (o.conversation.assistant?.files.length || o.branch.some((m) => m.attachments?.length)) {
    return null;
  }
  const provider = turnProvider(o.provider);
  if (!provider) return null;
  try {
    const input = await turnRequestInput(provider, { ...o, db });
    return sendHeadStart(provider.upstream, streamedRequest(await firstStepRequest(input)));
  } catch (error) {
    log.warn({ err: error }, 'asking the model before the turn was saved failed');
    return null;
  }
}

/**
 * The first call of a new message's turn in a conversation that exists, sent before the message
 * is saved: the shown branch newUserMessage (turn-points.ts) will append it to, then the question.
 */
export function askForNewMessage(
  db: Db,
  o: {
    conversation: Pick<Conversation, 'id' | 'settings' | 'assistant'>;
    messages: ChatMessage[];
    leaf: string | null;
    content: string;
    model: string;
    provider: string;
    params?: ChatCompletionParams;
  },
): Promise<HeadStart | null> {
  const history = activeBranch(o.messages, o.leaf);
  const question = unsavedQuestion({
    conversationId: o.conversation.id,
    parentId: history.at(-1)?.id ?? null,
    content: o.content,
  });
  return askEarly(db, {
    conversation: o.conversation,
    branch: [...history, question],
    model: o.model,
    provider: o.provider,
    params: o.params,
  });
}

/** A question as the model is asked it, before it is saved: a request carries no row times. */
export function unsavedQuestion(o: {
  id?: string;
  conversationId: string;
  parentId: string | null;
  content: string;
}): ChatMessage {
  return blankMessage({
    id: o.id ?? crypto.randomUUID(),
    role: 'user',
    conversationId: o.conversationId,
    parentId: o.parentId,
    content: o.content,
    createdAt: new Date().toISOString(),
  });
}
