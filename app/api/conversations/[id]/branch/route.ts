import { z } from 'zod';
import { switchBranch } from '@/lib/server/conversations';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readJsonBody } from '@/lib/server/read-body';
import { readUserId } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const branchSchema = z.object({ messageId: z.uuid() }).strict();

/**
 * Shows another version of a message: that message and, below it, its newest descendant.
 * Answers with the conversation as it now shows (a ConversationDetail).
 */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await ctx.params;
    // Switching needs an existing identity: a visitor without a cookie owns nothing.
    const userId = await readUserId();
    if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const { messageId } = await readJsonBody(request, branchSchema, 4 * 1024);
    const detail = await switchBranch(userId, id, messageId);
    return Response.json(detail, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
