import { auditPage } from '@/lib/server/admin/audit';
import { ADMIN, cursorQuery, NO_STORE } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every admin action, newest first, 50 a page. */
export const GET = route({ ...ADMIN, query: cursorQuery }, async ({ db, query }) =>
  Response.json(await auditPage(db, query.cursor), { headers: NO_STORE }),
);
