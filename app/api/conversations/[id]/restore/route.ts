import { restoreConversation } from '@/lib/server/chat/conversations';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { ownedConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Undoes a delete: the conversation and the links it had come back as they were. */
export const POST = route(ownedConversation({ deleted: true }), async ({ db, userId, params }) => {
  const conversation = await restoreConversation(db, { userId, conversationId: params.id });
  if (!conversation) throw notFound('Nothing to restore: the conversation is not deleted.');
  return Response.json({ conversation });
});
