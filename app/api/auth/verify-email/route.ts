import { getAuth } from '@/lib/server/auth/auth';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The link in a verification mail (a top-level GET). better-auth checks the signed, expiring
 * token, marks the address verified, signs this browser in (only the first time: a used link
 * changes nothing) and redirects to the account page, or there with `?error=` when it is not
 * valid. Reachable without an access code: the token is the proof.
 */
export const GET = route({ identity: 'public', open: true }, async ({ request }) =>
  (await getAuth()).handler(request),
);
