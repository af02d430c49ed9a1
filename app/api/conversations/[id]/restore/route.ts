import { z } from 'zod';
import { restoreConversation } from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { ownsAnyConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Undoes a delete: the conversation and the links it had come back as they were. */
export const POST = route(
  {
    identity: 'user',
    params: z.object({ id: z.uuid() }),
    notFound: 'Conversation not found.',
    owns: ownsAnyConversation('id'),
  },
  async ({ db, userId, params }) => {
    const conversation = await restoreConversation(db, { userId, conversationId: params.id });
    if (!conversation) throw notFound('Nothing to restore: the conversation is not deleted.');
    return Response.json({ conversation });
  },
);
