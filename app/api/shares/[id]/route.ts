import { z } from 'zod';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { ownsShare } from '@/lib/server/http/ownership';
import { MAX_SHARE_BODY_BYTES, PRIVATE_HEADERS, updateShareSchema } from '@/lib/server/share/http';
import { readShare, revokeShare, updateShare } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const NOT_FOUND = 'This shared link does not exist or was revoked.';
const params = z.object({ id: z.string().min(1).max(200) });
/** Owner only: anyone else (or nobody) is told the link does not exist. */
const owned = { identity: 'user', params, notFound: NOT_FOUND, owns: ownsShare('id') } as const;

/** The read-only snapshot, for anyone holding the link. */
export const GET = route(
  { identity: 'public', open: true, params, notFound: NOT_FOUND },
  async (req) => {
    const share = await readShare(req.params.id);
    if (!share) throw notFound(NOT_FOUND);
    // no-store: a revoked link must stop working at once, not when a cache expires.
    return Response.json(share, { headers: PRIVATE_HEADERS });
  },
);

/**
 * Owner only: `{ refresh: true }` re-snapshots the conversation; `{ indexable }` flips the opt-in;
 * `{ includeAttachments }` re-snapshots with or without them.
 */
export const PATCH = route(
  { ...owned, body: { schema: updateShareSchema, maxBytes: MAX_SHARE_BODY_BYTES, optional: true } },
  async ({ userId, params, body }) => {
    const share = await updateShare(userId, params.id, {
      refresh: body.refresh ?? false,
      indexable: body.indexable,
      includeAttachments: body.includeAttachments,
    });
    if (!share) throw notFound(NOT_FOUND);
    return Response.json({ share }, { headers: PRIVATE_HEADERS });
  },
);

/** Owner only: revokes the link; it answers 404 from then on. */
export const DELETE = route(owned, async ({ userId, params }) => {
  if (!(await revokeShare(userId, params.id))) throw notFound(NOT_FOUND);
  return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
});
