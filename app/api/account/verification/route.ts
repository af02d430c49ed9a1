import { route } from '@/lib/server/http/guard';
import { clientAddress } from '@/lib/server/limits/client-address';
import { ACCOUNT_BODY_BYTES, emptySchema, withCookies } from '@/lib/server/auth/http';
import { resendVerification } from '@/lib/server/auth/password';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** "Send the link again" to the signed-in account's address (limited per address and network). */
export const POST = route(
  { identity: 'optional', body: { schema: emptySchema, maxBytes: ACCOUNT_BODY_BYTES } },
  async ({ db, request }) => {
    const email = await resendVerification(db, request.headers, clientAddress(request.headers));
    return withCookies({ message: `A new link is on its way to ${email}.` }, [], 202);
  },
);
