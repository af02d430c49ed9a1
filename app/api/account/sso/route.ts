import { z } from 'zod';
import { withCookies } from '@/lib/server/auth/http';
import { startSso } from '@/lib/server/auth/sso';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const body = z.object({
  provider: z.enum(['oidc', 'github']),
  returnTo: z.string().max(2000).optional(),
});

/** Starts signing in with a configured provider: answers the URL the browser goes to next. */
export const POST = route(
  { identity: 'optional', body: { schema: body, maxBytes: 4096 } },
  async ({ request, body }) => {
    const { url, cookies } = await startSso({ ...body, headers: request.headers });
    return withCookies({ url }, cookies);
  },
);
