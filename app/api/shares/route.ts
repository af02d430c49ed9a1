import { route } from '@/lib/server/http/guard';
import { PRIVATE_HEADERS } from '@/lib/server/share/http';
import { listShares } from '@/lib/server/share/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The caller's active links (empty for a visitor without a cookie). */
export const GET = route({ identity: 'optional' }, async ({ userId }) => {
  const items = userId ? await listShares(userId) : [];
  return Response.json({ items }, { headers: PRIVATE_HEADERS });
});
