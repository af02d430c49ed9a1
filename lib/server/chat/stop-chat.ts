import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import { getDb } from '@/lib/server/database';
import { getMessageForUser } from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { stopLive } from '@/lib/server/live/stop';
import { settleLostGenerations } from '@/lib/server/live/settle';

/**
 * Stops an answer on purpose (unlike a closed tab), from any instance, and returns it as saved:
 * once the generating instance has saved it, or after a bounded wait with what is known.
 */
export async function stopChat(userId: string, messageId: string): Promise<ChatMessage> {
  const db = await getDb();
  const found = await getMessageForUser(db, { userId, messageId });
  if (found?.message.role !== 'assistant') throw notFound('Message not found.');

  if (found.message.status === 'streaming') {
    const conversationId = found.conversation.id;
    await stopLive(db, { conversationId });
    // An answer nobody is writing any more (its instance vanished) is settled as it is.
    await settleLostGenerations(db, { conversationId });
  }
  const after = await getMessageForUser(db, { userId, messageId });
  if (!after) throw notFound('Message not found.');
  return after.message;
}
