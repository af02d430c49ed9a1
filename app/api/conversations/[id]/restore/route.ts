import { z } from 'zod';
import { getDb } from '@/lib/server/database';
import { restoreConversation } from '@/lib/server/db/repository';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readUserId } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Undoes a delete: the conversation and the links it had come back as they were. */
export async function POST(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await ctx.params;
    const userId = await readUserId();
    if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const conversation = await restoreConversation(await getDb(), { userId, conversationId: id });
    if (!conversation) throw notFound('Nothing to restore: the conversation is not deleted.');
    return Response.json({ conversation });
  } catch (error) {
    return errorResponse(error);
  }
}
