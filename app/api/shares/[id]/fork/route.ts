import { z } from 'zod';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { forkLimits } from '@/lib/server/http/limits';
import { PRIVATE_HEADERS, wantsHtml } from '@/lib/server/share/http';
import { sharePath } from '@/lib/server/share/share-id';
import { forkShare } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Anyone holding the link may continue the conversation: the snapshot is copied into a new
 * conversation of the caller's (the visitor got a guest cookie when the shared page loaded). A
 * plain form post, as the shared page sends without JavaScript, is redirected to the copy; it
 * has no body to read, and the guard's same-origin check is what keeps other sites out.
 */
export const POST = route(
  {
    identity: 'user',
    limits: forkLimits,
    params: z.object({ id: z.string().min(1).max(200) }),
    notFound: 'This shared link does not exist or was revoked.',
  },
  async ({ request, userId, params }) => {
    const html = wantsHtml(request);
    const fork = await forkShare(userId, params.id);
    if (!fork) {
      if (html) return redirect(sharePath(encodeURIComponent(params.id)));
      throw notFound('This shared link does not exist or was revoked.');
    }
    if (html) return redirect(fork.path);
    return Response.json(fork, { status: 201, headers: PRIVATE_HEADERS });
  },
);

function redirect(path: string): Response {
  // 303: the browser follows with a GET, so a reload does not fork again.
  return new Response(null, { status: 303, headers: { location: path, ...PRIVATE_HEADERS } });
}
