import { z } from 'zod';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { ownsConversation } from '@/lib/server/http/ownership';
import { createShareSchema, MAX_SHARE_BODY_BYTES, PRIVATE_HEADERS } from '@/lib/server/share/http';
import { getShareStatus, shareConversation } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const NOT_FOUND = 'Conversation not found.';
/** The owner's only: a caller without a valid cookie, or anyone else, gets 404. */
const owned = {
  identity: 'user',
  params: z.object({ id: z.uuid() }),
  notFound: NOT_FOUND,
  owns: ownsConversation('id'),
} as const;

/** The conversation's current link (or null) and any secret-looking text in it. */
export const GET = route(owned, async ({ userId, params }) => {
  const status = await getShareStatus(userId, params.id);
  if (!status) throw notFound(NOT_FOUND);
  return Response.json(status, { headers: PRIVATE_HEADERS });
});

/** Creates the link (201), or returns the existing one unchanged (200). */
export const POST = route(
  {
    ...owned,
    body: { schema: createShareSchema, maxBytes: MAX_SHARE_BODY_BYTES, optional: true },
  },
  async ({ userId, params, body }) => {
    const result = await shareConversation(userId, params.id, {
      indexable: body.indexable ?? false,
      includeAttachments: body.includeAttachments ?? false,
    });
    if (!result) throw notFound(NOT_FOUND);
    return Response.json(
      { share: result.share },
      { status: result.created ? 201 : 200, headers: PRIVATE_HEADERS },
    );
  },
);
