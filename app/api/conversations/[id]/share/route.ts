import { route } from '@/lib/server/http/guard';
import { conversationNotFound, ownedConversation } from '@/lib/server/http/ownership';
import { createShareSchema, MAX_SHARE_BODY_BYTES, PRIVATE_HEADERS } from '@/lib/server/share/http';
import { getShareStatus, shareConversation } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The owner's only: a caller without a valid cookie, or anyone else, gets 404. */
const owned = ownedConversation();

/** The conversation's current link (or null) and any secret-looking text in it. */
export const GET = route(owned, async ({ userId, params }) => {
  const status = await getShareStatus(userId, params.id);
  if (!status) throw conversationNotFound();
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
    if (!result) throw conversationNotFound();
    return Response.json(
      { share: result.share },
      { status: result.created ? 201 : 200, headers: PRIVATE_HEADERS },
    );
  },
);
