import { z } from 'zod';
import { getAuth } from '@/lib/server/auth/auth';
import { ssoProviders } from '@/lib/server/auth/options';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Where a single sign-on provider sends the browser back (a top-level GET, so it carries the
 * session cookie and the state cookie set when the sign-in started). better-auth checks the
 * state, exchanges the code, refuses an address ALLOWED_EMAILS does not list, starts the
 * session and redirects back into the app (or to /sign-in with the reason).
 */
export const GET = route(
  { identity: 'public', params: z.object({ provider: z.string().max(40) }) },
  async ({ request, params }) => {
    if (!ssoProviders().some((p) => p.id === params.provider)) throw notFound();
    return (await getAuth()).handler(request);
  },
);
