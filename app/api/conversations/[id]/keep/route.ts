import { z } from 'zod';
import { keepAnswer } from '@/lib/server/chat/conversations';
import { route } from '@/lib/server/http/guard';
import { ownedConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * "Continue with this answer": one answer of a comparison becomes the shown branch and the
 * conversation goes on with its model. Answers with the conversation as it now shows.
 */
export const POST = route(
  {
    ...ownedConversation(),
    body: { schema: z.object({ messageId: z.uuid() }).strict(), maxBytes: 4 * 1024 },
  },
  async ({ userId, params, body }) => {
    const detail = await keepAnswer(userId, params.id, body.messageId);
    return Response.json(detail);
  },
);
