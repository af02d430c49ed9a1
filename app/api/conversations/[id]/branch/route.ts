import { z } from 'zod';
import { switchBranch } from '@/lib/server/chat/conversations';
import { route } from '@/lib/server/http/guard';
import { ownedConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Shows another version of a message: that message and, below it, its newest descendant.
 * Answers with the conversation as it now shows (a ConversationDetail).
 */
export const PUT = route(
  {
    ...ownedConversation(),
    body: { schema: z.object({ messageId: z.uuid() }).strict(), maxBytes: 4 * 1024 },
  },
  async ({ userId, params, body }) => {
    const detail = await switchBranch(userId, params.id, body.messageId);
    return Response.json(detail, { headers: { 'cache-control': 'no-store' } });
  },
);
