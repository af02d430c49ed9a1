import { usersPage } from '@/lib/server/admin/users';
import { ADMIN, NO_STORE, usersQuery } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Accounts by address, 50 a page; `q` matches address or name. */
export const GET = route({ ...ADMIN, query: usersQuery }, async ({ db, query }) =>
  Response.json(await usersPage(db, query.q, query.cursor), { headers: NO_STORE }),
);
