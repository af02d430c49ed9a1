import type { DeleteAllResult } from '@/lib/chat/export-types';
import { errorResponse } from '@/lib/server/errors';
import { PRIVATE_HEADERS } from '@/lib/server/export/http';
import { deleteAllData } from '@/lib/server/export/service';
import { forbiddenCrossSite } from '@/lib/server/share/http';
import { isCrossSite } from '@/lib/server/share/same-origin';
import { readUserId, resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * "Delete all my data": every conversation, message and shared link of the caller, and the user
 * itself. The old cookie then names nobody; the answer carries a fresh guest cookie.
 */
export async function DELETE(request: Request) {
  try {
    if (isCrossSite(request.headers)) return forbiddenCrossSite();
    const userId = await readUserId();
    const result: DeleteAllResult = userId
      ? await deleteAllData(userId)
      : { deletedConversations: 0 };
    // The deleted user no longer exists, so this issues a brand-new guest identity.
    await resolveUser();
    return Response.json(result, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}
