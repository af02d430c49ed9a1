import 'server-only';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { activeBranch } from './chat/history';
import { getDb } from './db/client';
import { getConversation, listMessages } from './db/repository';

/** A conversation with the messages of its active branch, or null when it is not the user's. */
export async function loadConversation(
  userId: string,
  conversationId: string,
): Promise<ConversationDetail | null> {
  const db = await getDb();
  const conversation = await getConversation(db, { userId, conversationId });
  if (!conversation) return null;
  const messages = activeBranch(await listMessages(db, { conversationId }));
  return { conversation, messages };
}
