import { route } from '@/lib/server/http/guard';
import { ACCOUNT_BODY_BYTES, signOutSchema, withCookies } from '@/lib/server/auth/http';
import { signOut } from '@/lib/server/auth/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Ends this browser's session; `{ everywhere: true }` ends every session of the account. */
export const POST = route(
  {
    identity: 'optional',
    body: { schema: signOutSchema, maxBytes: ACCOUNT_BODY_BYTES, optional: true },
  },
  async ({ request, body }) => {
    const cookies = await signOut(request.headers, body.everywhere ?? false);
    return withCookies({ signedOut: true }, cookies);
  },
);
