import { z } from 'zod';
import { MAX_TITLE_LENGTH } from '@/lib/chat/title-text';
import { loadConversation } from '@/lib/server/conversations';
import { stopLive } from '@/lib/server/live/stop';
import { getDb } from '@/lib/server/database';
import {
  getConversation,
  renameConversation,
  softDeleteConversation,
} from '@/lib/server/db/repository';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readJsonBody } from '@/lib/server/read-body';
import { readUserId, resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const renameSchema = z
  .object({
    title: z
      .string()
      .transform((t) => t.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, 'The title cannot be empty.')
          .max(MAX_TITLE_LENGTH, `The title can be at most ${MAX_TITLE_LENGTH} characters.`),
      ),
  })
  .strict();

type Ctx = { params: Promise<{ id: string }> };

/** Changing or deleting needs an existing identity: a visitor without a cookie owns nothing. */
async function owner(ctx: Ctx): Promise<{ userId: string; id: string }> {
  const { id } = await ctx.params;
  const userId = await readUserId();
  if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
  return { userId, id };
}

export async function GET(_request: Request, ctx: Ctx) {
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

/** Renames the caller's conversation: `{ title }`, whitespace collapsed, 1–200 characters. */
export async function PATCH(request: Request, ctx: Ctx) {
  try {
    const { userId, id } = await owner(ctx);
    const { title } = await readJsonBody(request, renameSchema, 4 * 1024);
    const conversation = await renameConversation(await getDb(), {
      userId,
      conversationId: id,
      title,
    });
    if (!conversation) throw notFound('Conversation not found.');
    return Response.json({ conversation });
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * Deletes the caller's conversation: hidden everywhere at once and its shared links stop working,
 * but it can be restored (POST …/restore, the undo) until it is purged 30 days later.
 */
export async function DELETE(_request: Request, ctx: Ctx) {
  try {
    const { userId, id } = await owner(ctx);
    const db = await getDb();
    if (!(await getConversation(db, { userId, conversationId: id }))) {
      throw notFound('Conversation not found.');
    }
    // An answer still being written would otherwise keep its upstream request open for nothing.
    await stopLive(db, { conversationId: id });
    const deleted = await softDeleteConversation(db, { userId, conversationId: id });
    if (!deleted) throw notFound('Conversation not found.');
    return new Response(null, { status: 204 });
  } catch (error) {
    return errorResponse(error);
  }
}
