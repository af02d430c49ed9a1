import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import { getDb } from '@/lib/server/db/client';
import { getMessageForUser, updateMessage } from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { stopGeneration } from './registry';

/** Stops an answer on purpose (unlike a closed tab) and returns it as saved. */
export async function stopChat(userId: string, messageId: string): Promise<ChatMessage> {
  const db = await getDb();
  const found = await getMessageForUser(db, { userId, messageId });
  if (found?.message.role !== 'assistant') throw notFound('Message not found.');

  const stopped = await stopGeneration(messageId, 'stop');
  if (!stopped && found.message.status === 'streaming') {
    // Nothing is generating it in this process (it was orphaned by a crash): settle it as it is.
    await updateMessage(db, messageId, { status: 'interrupted' });
  }
  const after = await getMessageForUser(db, { userId, messageId });
  if (!after) throw notFound('Message not found.');
  return after.message;
}
