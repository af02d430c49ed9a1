import { errorResponse, notFound } from '@/lib/server/errors';
import { readUserId } from '@/lib/server/session';
import { PRIVATE_HEADERS, readOptionalJson, updateShareSchema } from '@/lib/server/share/http';
import { readShare, revokeShare, updateShare } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

const NOT_FOUND = 'This shared link does not exist or was revoked.';

/** The read-only snapshot, for anyone holding the link. */
export async function GET(_request: Request, ctx: Ctx) {
  try {
    const share = await readShare((await ctx.params).id);
    if (!share) throw notFound(NOT_FOUND);
    // no-store: a revoked link must stop working at once, not when a cache expires.
    return Response.json(share, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}

/** Owner only: `{ refresh: true }` re-snapshots the conversation; `{ indexable }` flips the opt-in. */
export async function PATCH(request: Request, ctx: Ctx) {
  try {
    const { id } = await ctx.params;
    const userId = await readUserId();
    if (!userId) throw notFound(NOT_FOUND);
    const body = await readOptionalJson(request, updateShareSchema);
    const share = await updateShare(userId, id, {
      refresh: body.refresh ?? false,
      indexable: body.indexable,
    });
    if (!share) throw notFound(NOT_FOUND);
    return Response.json({ share }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}

/** Owner only: revokes the link; it answers 404 from then on. */
export async function DELETE(_request: Request, ctx: Ctx) {
  try {
    const { id } = await ctx.params;
    const userId = await readUserId();
    if (!userId || !(await revokeShare(userId, id))) throw notFound(NOT_FOUND);
    return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}
