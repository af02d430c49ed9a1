import { z } from 'zod';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readUserId } from '@/lib/server/session';
import { createShareSchema, PRIVATE_HEADERS, readOptionalJson } from '@/lib/server/share/http';
import { getShareStatus, shareConversation } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/** The owner's only: a caller without a valid cookie, or anyone else, gets 404. */
async function ownerAndConversation(ctx: Ctx) {
  const { id } = await ctx.params;
  const userId = await readUserId();
  if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
  return { userId, conversationId: id };
}

/** The conversation's current link (or null) and any secret-looking text in it. */
export async function GET(_request: Request, ctx: Ctx) {
  try {
    const { userId, conversationId } = await ownerAndConversation(ctx);
    const status = await getShareStatus(userId, conversationId);
    if (!status) throw notFound('Conversation not found.');
    return Response.json(status, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}

/** Creates the link (201), or returns the existing one unchanged (200). */
export async function POST(request: Request, ctx: Ctx) {
  try {
    const { userId, conversationId } = await ownerAndConversation(ctx);
    const body = await readOptionalJson(request, createShareSchema);
    const result = await shareConversation(userId, conversationId, {
      indexable: body.indexable ?? false,
      includeAttachments: body.includeAttachments ?? false,
    });
    if (!result) throw notFound('Conversation not found.');
    return Response.json(
      { share: result.share },
      { status: result.created ? 201 : 200, headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
