import { providerStatuses } from '@/lib/server/admin/providers';
import { ADMIN, NO_STORE } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Each configured provider, asked for its models now: reachable, how many, what went wrong. */
export const GET = route(ADMIN, async () =>
  Response.json({ providers: await providerStatuses() }, { headers: NO_STORE }),
);
