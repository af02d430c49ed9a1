import { cookies } from 'next/headers';
import type { DeleteAllResult } from '@/lib/chat/export-types';
import { currentAccessTag } from '@/lib/server/access/gate';
import { PRIVATE_HEADERS } from '@/lib/server/export/http';
import { deleteAllData } from '@/lib/server/export/service';
import { route } from '@/lib/server/http/guard';
import { isSecureRequest, newSessionCookie } from '@/lib/server/auth/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * "Delete all my data": every conversation, message and shared link of the caller, and the user
 * itself. The old cookie then names nobody; the answer carries a fresh guest cookie (the one
 * route that sets a cookie, and only after the guard let the request through).
 */
export const DELETE = route({ identity: 'optional' }, async ({ request, userId }) => {
  const result: DeleteAllResult = userId
    ? await deleteAllData(userId)
    : { deletedConversations: 0 };
  const fresh = await newSessionCookie(
    crypto.randomUUID(),
    isSecureRequest(request.headers, request.url),
    // An entered access code stays entered: deleting data is not leaving the site.
    await currentAccessTag(),
  );
  (await cookies()).set(fresh.name, fresh.value, fresh.options);
  return Response.json(result, { headers: PRIVATE_HEADERS });
});
