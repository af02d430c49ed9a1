import 'server-only';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { ChatMessage } from '@/lib/chat/types';
import { getActiveLeafId, insertMessage } from '@/lib/server/db/repository';
import type { Db } from '@/lib/server/db/types';
import { notFound } from '@/lib/server/errors';
import { activeBranch, branchTo } from './history';

// Where a new answer grows from: a new user message (the first of a conversation, or one after
// the shown branch), an edit beside a user message, or a retry beside an answer. Each returns
// the history the model sees, the user message it created (if any) and the answer's parent.

export interface TurnPoint {
  branch: ChatMessage[];
  userMessage: ChatMessage | null;
  parentId: string;
}

/**
 * A retry (or regenerate, of any answer) answers again from where that answer started: the new
 * answer is a sibling of the old one, which stays in the tree.
 */
export function retryPoint(
  messages: ChatMessage[],
  retryOf: string,
): TurnPoint & { previous: ChatMessage } {
  const previous = messages.find((m) => m.id === retryOf && m.role === 'assistant');
  if (!previous?.parentId) throw notFound('That answer cannot be retried.');
  return {
    branch: branchTo(messages, previous.parentId),
    userMessage: null,
    parentId: previous.parentId,
    previous,
  };
}

/** An edit is a new user message beside the edited one (same parent); the original stays. */
export async function editPoint(
  db: Db,
  conversationId: string,
  messages: ChatMessage[],
  editOf: string,
  input: { content: string; attachments?: AttachmentMeta[] },
): Promise<TurnPoint> {
  const edited = messages.find((m) => m.id === editOf && m.role === 'user');
  if (!edited) throw notFound('That message cannot be edited.');
  const history = edited.parentId ? branchTo(messages, edited.parentId) : [];
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: edited.parentId,
    role: 'user',
    content: input.content,
    // An edit keeps the edited message's files unless it names its own.
    attachments: input.attachments ?? edited.attachments ?? null,
    status: 'complete',
  });
  return { branch: [...history, userMessage], userMessage, parentId: userMessage.id };
}

/** The opening message of a new conversation (no history, no active leaf yet). */
export async function firstUserMessage(
  db: Db,
  conversationId: string,
  input: { content: string; attachments: AttachmentMeta[] },
): Promise<TurnPoint> {
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: null,
    role: 'user',
    content: input.content,
    attachments: input.attachments,
    status: 'complete',
  });
  return { branch: [userMessage], userMessage, parentId: userMessage.id };
}

export async function newUserMessage(
  db: Db,
  conversationId: string,
  messages: ChatMessage[],
  input: {
    content: string;
    attachments: AttachmentMeta[];
    /** The shown branch's leaf when the caller read it with the conversation. */
    leaf?: string | null;
  },
): Promise<TurnPoint> {
  const leaf =
    input.leaf !== undefined ? input.leaf : await getActiveLeafId(db, { conversationId });
  const history = activeBranch(messages, leaf);
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: history.at(-1)?.id ?? null,
    role: 'user',
    content: input.content,
    attachments: input.attachments,
    status: 'complete',
  });
  return { branch: [...history, userMessage], userMessage, parentId: userMessage.id };
}
