import { errorResponse } from '@/lib/server/errors';
import { readUserId } from '@/lib/server/session';
import { PRIVATE_HEADERS } from '@/lib/server/share/http';
import { listShares } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The caller's active links (empty for a visitor without a cookie). */
export async function GET() {
  try {
    const userId = await readUserId();
    const items = userId ? await listShares(userId) : [];
    return Response.json({ items }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}
