import { liveAnswers } from '@/lib/server/admin/controls';
import { ADMIN, NO_STORE } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Answers being written right now, on every instance. */
export const GET = route(ADMIN, async ({ db }) =>
  Response.json({ generations: await liveAnswers(db) }, { headers: NO_STORE }),
);
