import { route } from '@/lib/server/http/guard';
import { signUpLimits } from '@/lib/server/http/limits';
import { ACCOUNT_BODY_BYTES, credentialsSchema, withCookies } from '@/lib/server/auth/http';
import { signUp } from '@/lib/server/auth/service';
import { clientAddress } from '@/lib/server/limits/client-address';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Email and password. Without mail: signed in at once (201), a guest's conversations move into
 * the new account. With mail: 202 "check your inbox" for every address, known or not.
 */
export const POST = route(
  {
    identity: 'optional',
    body: { schema: credentialsSchema, maxBytes: ACCOUNT_BODY_BYTES },
    limits: signUpLimits,
  },
  async ({ db, request, body }) => {
    const result = await signUp(db, body, request.headers, clientAddress(request.headers));
    if ('checkInbox' in result) {
      const message = `Check your inbox: a mail to ${result.email} tells you how to go on.`;
      return withCookies({ checkInbox: true, message }, [], 202);
    }
    return withCookies({ account: result.account }, result.cookies, 201);
  },
);
