import { errorResponse, notFound } from '@/lib/server/errors';
import { resolveUser } from '@/lib/server/session';
import { forbiddenCrossSite, PRIVATE_HEADERS, wantsHtml } from '@/lib/server/share/http';
import { isCrossSite } from '@/lib/server/share/same-origin';
import { sharePath } from '@/lib/server/share/share-id';
import { forkShare } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Anyone holding the link may continue the conversation: the snapshot is copied into a new
 * conversation of the caller's (a visitor without a cookie becomes a guest here). A plain form
 * post, as the shared page sends without JavaScript, is redirected to the copy.
 */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    if (isCrossSite(request.headers)) return forbiddenCrossSite();
    const { id } = await ctx.params;
    const html = wantsHtml(request);
    const { userId } = await resolveUser();
    const fork = await forkShare(userId, id);
    if (!fork) {
      if (html) return redirect(sharePath(encodeURIComponent(id)));
      throw notFound('This shared link does not exist or was revoked.');
    }
    if (html) return redirect(fork.path);
    return Response.json(fork, { status: 201, headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}

function redirect(path: string): Response {
  // 303: the browser follows with a GET, so a reload does not fork again.
  return new Response(null, { status: 303, headers: { location: path, ...PRIVATE_HEADERS } });
}
