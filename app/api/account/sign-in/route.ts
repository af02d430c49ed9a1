import { route } from '@/lib/server/http/guard';
import { clientAddress } from '@/lib/server/limits/client-address';
import { ACCOUNT_BODY_BYTES, credentialsSchema, withCookies } from '@/lib/server/auth/http';
import { signIn } from '@/lib/server/auth/service';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Email and password (wrong ones are limited); a guest's conversations move into the account. */
export const POST = route(
  { identity: 'optional', body: { schema: credentialsSchema, maxBytes: ACCOUNT_BODY_BYTES } },
  async ({ db, request, body }) => {
    const address = clientAddress(request.headers);
    const { cookies, account } = await signIn(db, body, request.headers, address);
    return withCookies({ account }, cookies);
  },
);
