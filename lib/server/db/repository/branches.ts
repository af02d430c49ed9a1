import 'server-only';
import { eq } from 'drizzle-orm';
import { conversations } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { isUuid } from '@/lib/server/db/cursor';

// Which path through the message tree the conversation shows; see chat/history.ts.

/** The message the user last chose or created in the conversation; null when none is recorded. */
export async function getActiveLeafId(
  db: Db,
  input: { conversationId: string },
): Promise<string | null> {
  if (!isUuid(input.conversationId)) return null;
  const [row] = await db
    .select({ activeLeafId: conversations.activeLeafId })
    .from(conversations)
    .where(eq(conversations.id, input.conversationId))
    .limit(1);
  return row?.activeLeafId ?? null;
}

/** Records the shown branch. Does not bump updated_at: looking at an old version is not activity. */
export async function setActiveLeaf(
  db: Db,
  input: { conversationId: string; messageId: string },
): Promise<void> {
  if (!isUuid(input.conversationId) || !isUuid(input.messageId)) return;
  await db
    .update(conversations)
    .set({ activeLeafId: input.messageId })
    .where(eq(conversations.id, input.conversationId));
}
