import { route } from '@/lib/server/http/guard';
import { clientAddress } from '@/lib/server/limits/client-address';
import { ACCOUNT_BODY_BYTES, forgotSchema, withCookies } from '@/lib/server/auth/http';
import { FORGOT_MESSAGE, forgotPassword } from '@/lib/server/auth/password';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** "Forgot password?": the same 202 for every address; the link goes by mail, after the answer. */
export const POST = route(
  { identity: 'optional', body: { schema: forgotSchema, maxBytes: ACCOUNT_BODY_BYTES } },
  async ({ db, request, body }) => {
    await forgotPassword(db, body.email, request.headers, clientAddress(request.headers));
    return withCookies({ message: FORGOT_MESSAGE }, [], 202);
  },
);
