import 'server-only';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { comparisonColumns, turnRoot } from '@/lib/chat/comparison';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import { activeBranch, branchInfo } from './history';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import {
  getActiveLeafId,
  getConversation,
  listMessages,
  setActiveLeaf,
  touchConversation,
} from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';

// The conversation operations routes call directly: routes go through Server, never Storage
// (.dependency-cruiser.cjs), so the repository's plain reads and writes are offered from here.
export {
  InvalidCursorError,
  listConversations,
  renameConversation,
  restoreConversation,
  searchConversations,
  softDeleteConversation,
  touchConversation,
} from '@/lib/server/db/repository';
import { settleLostGenerations } from '@/lib/server/live/settle';

/** Every message of a conversation (the whole tree) and the branch it shows. */
export async function loadTree(
  db: Db,
  conversationId: string,
): Promise<{ messages: ChatMessage[]; branch: ChatMessage[] }> {
  const [messages, chosen] = await Promise.all([
    listMessages(db, { conversationId }),
    getActiveLeafId(db, { conversationId }),
  ]);
  return { messages, branch: activeBranch(messages, chosen) };
}

async function detailOf(db: Db, conversation: Conversation): Promise<ConversationDetail> {
  let { messages, branch } = await loadTree(db, conversation.id);
  // Whoever looks first settles an answer whose instance vanished (its lease expired).
  if (
    messages.some((m) => m.status === 'streaming') &&
    (await settleLostGenerations(db, { conversationId: conversation.id })) > 0
  ) {
    ({ messages, branch } = await loadTree(db, conversation.id));
  }
  const comparisons = comparisonColumns(messages, branch);
  return {
    conversation,
    messages: branch,
    branches: branchInfo(messages, branch),
    ...(Object.keys(comparisons).length > 0 ? { comparisons } : {}),
  };
}

/** A conversation with the messages of its active branch, or null when it is not the user's. */
export async function loadConversation(
  userId: string,
  conversationId: string,
): Promise<ConversationDetail | null> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  if (!conversation) return null;
  return detailOf(db, conversation);
}

/**
 * Shows another version: `messageId` and, below it, its newest descendant. Refused while an
 * answer is being written, which would otherwise carry on in a branch nobody sees.
 */
export async function switchBranch(
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<ConversationDetail> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  if (!conversation) throw notFound('Conversation not found.');
  const messages = await listMessages(db, { conversationId });
  if (!messages.some((m) => m.id === messageId)) throw notFound('Message not found.');
  if (messages.some((m) => m.status === 'streaming')) {
    throw new AppError(
      'conflict',
      'An answer is still being written. Wait for it or stop it first.',
    );
  }
  await setActiveLeaf(db, { conversationId, messageId });
  return detailOf(db, conversation);
}

/**
 * "Continue with this answer": one answer of a comparison becomes the shown branch, and the
 * conversation goes on with its model (the next message is sent to it, with that branch as
 * history). The other answers stay as its versions. The other columns may still be written.
 */
export async function keepAnswer(
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<ConversationDetail> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  if (!conversation) throw notFound('Conversation not found.');
  const messages = await listMessages(db, { conversationId });
  const answer = turnRoot(messages, messageId);
  if (!answer?.comparison) throw notFound('That answer is not part of a comparison.');
  const writing = messages.some(
    (m) => m.status === 'streaming' && turnRoot(messages, m.id)?.id === answer.id,
  );
  if (writing) {
    throw new AppError('conflict', 'This answer is still being written. Wait for it or stop it.');
  }
  const [, touched] = await Promise.all([
    setActiveLeaf(db, { conversationId, messageId: answer.id }),
    touchConversation(db, {
      conversationId,
      model: answer.model ?? conversation.model,
      provider: answer.comparison.provider,
    }),
  ]);
  return detailOf(db, touched ?? conversation);
}
