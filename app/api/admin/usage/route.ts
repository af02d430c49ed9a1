import { usageReport } from '@/lib/server/admin/usage';
import { ADMIN, NO_STORE, usageQuery } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Tokens and answers per day, model, provider and top user over UTC days `from`–`to`. */
export const GET = route({ ...ADMIN, query: usageQuery }, async ({ db, query }) =>
  Response.json(await usageReport(db, query.from, query.to), { headers: NO_STORE }),
);
