import { route } from '@/lib/server/http/guard';
import { clientAddress } from '@/lib/server/limits/client-address';
import { ACCOUNT_BODY_BYTES, changePasswordSchema, withCookies } from '@/lib/server/auth/http';
import { changePassword } from '@/lib/server/auth/password';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Change the password (the current one is asked for); every other browser is signed out. */
export const POST = route(
  { identity: 'optional', body: { schema: changePasswordSchema, maxBytes: ACCOUNT_BODY_BYTES } },
  async ({ db, request, body }) => {
    const cookies = await changePassword(db, body, request.headers, clientAddress(request.headers));
    return withCookies({ changed: true }, cookies);
  },
);
