import { route } from '@/lib/server/http/guard';
import { signUpLimits } from '@/lib/server/http/limits';
import { ACCOUNT_BODY_BYTES, credentialsSchema, withCookies } from '@/lib/server/auth/http';
import { signUp } from '@/lib/server/auth/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Email and password; a guest's conversations move into the new account. */
export const POST = route(
  {
    identity: 'optional',
    body: { schema: credentialsSchema, maxBytes: ACCOUNT_BODY_BYTES },
    limits: signUpLimits,
  },
  async ({ request, body }) => {
    const { cookies, account } = await signUp(body, request.headers);
    return withCookies({ account }, cookies, 201);
  },
);
