import { route } from '@/lib/server/http/guard';
import { ACCOUNT_BODY_BYTES, resetSchema, withCookies } from '@/lib/server/auth/http';
import { resetPassword } from '@/lib/server/auth/password';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The new password, with the token of a reset link: every session of the account ends. */
export const POST = route(
  { identity: 'optional', open: true, body: { schema: resetSchema, maxBytes: ACCOUNT_BODY_BYTES } },
  async ({ request, body }) => {
    await resetPassword(body.token, body.password, request.headers);
    return withCookies({ reset: true }, []);
  },
);
