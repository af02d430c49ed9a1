import { z } from 'zod';
import { loadConversation } from '@/lib/server/conversations';
import { getDb } from '@/lib/server/db/client';
import { stopGeneration } from '@/lib/server/chat/registry';
import { deleteConversation, getConversation, listMessages } from '@/lib/server/db/repository';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readUserId, resolveUser } from '@/lib/server/session';

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

/** Deletes the caller's conversation; its messages and shared links go with it (cascade). */
export async function DELETE(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await ctx.params;
    // Deleting needs an existing identity: a visitor without a cookie owns nothing.
    const userId = await readUserId();
    if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const db = await getDb();
    if (!(await getConversation(db, { userId, conversationId: id }))) {
      throw notFound('Conversation not found.');
    }
    // An answer still being written would otherwise keep its upstream request open for nothing.
    const live = (await listMessages(db, { conversationId: id })).filter(
      (m) => m.status === 'streaming',
    );
    await Promise.all(live.map((m) => stopGeneration(m.id)));
    const deleted = await deleteConversation(db, { userId, conversationId: id });
    if (!deleted) throw notFound('Conversation not found.');
    return new Response(null, { status: 204 });
  } catch (error) {
    return errorResponse(error);
  }
}
