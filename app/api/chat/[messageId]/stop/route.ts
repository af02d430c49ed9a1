import { z } from 'zod';
import { stopChat } from '@/lib/server/chat/stop-chat';
import { errorResponse, notFound } from '@/lib/server/errors';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(_request: Request, ctx: { params: Promise<{ messageId: string }> }) {
  try {
    const { userId } = await resolveUser();
    const { messageId } = await ctx.params;
    if (!z.uuid().safeParse(messageId).success) throw notFound('Message not found.');
    const message = await stopChat(userId, messageId);
    return Response.json({ message });
  } catch (error) {
    return errorResponse(error);
  }
}
