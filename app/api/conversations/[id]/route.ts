import { z } from 'zod';
import { loadConversation } from '@/lib/server/conversations';
import { errorResponse, notFound } from '@/lib/server/errors';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { userId } = await resolveUser();
    const { id } = await ctx.params;
    if (!z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const detail = await loadConversation(userId, id);
    if (!detail) throw notFound('Conversation not found.');
    return Response.json(detail, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
