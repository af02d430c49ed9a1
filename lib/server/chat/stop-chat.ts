import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import { getDb } from '@/lib/server/db/database';
import type { Db } from '@/lib/server/db/types';
import { getMessageForUser, listMessages, liveGenerations } from '@/lib/server/db/repository';
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
    const column = await columnTurn(db, conversationId, messageId);
    await stopLive(db, column ? { generationId: column } : { conversationId });
    // An answer nobody is writing any more (its instance vanished) is settled as it is.
    await settleLostGenerations(db, { conversationId });
  }
  const after = await getMessageForUser(db, { userId, messageId });
  if (!after) throw notFound('Message not found.');
  return after.message;
}

/**
 * While a comparison is live, Stop on one of its answers (or on a tool step of one) stops that
 * answer's turn alone: the turn whose first answer is the message or an ancestor of it.
 */
async function columnTurn(
  db: Db,
  conversationId: string,
  messageId: string,
): Promise<string | null> {
  const live = await liveGenerations(db, conversationId);
  if (!live.some((g) => g.comparisonId)) return null;
  const byId = new Map((await listMessages(db, { conversationId })).map((m) => [m.id, m]));
  for (let m = byId.get(messageId); m; m = m.parentId ? byId.get(m.parentId) : undefined) {
    const turn = live.find((g) => g.messageId === m?.id);
    if (turn) return turn.id;
    if (m.role === 'user') break;
  }
  return null;
}
