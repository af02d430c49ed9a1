import { cookies } from 'next/headers';
import { z } from 'zod';
import { enterAccessCode } from '@/lib/server/access/enter';
import { currentGuestId } from '@/lib/server/auth/current';
import { route } from '@/lib/server/http/guard';
import { clientAddress } from '@/lib/server/limits/client-address';
import { isSecureRequest } from '@/lib/server/auth/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const body = z.object({ code: z.string().max(500) });

/**
 * The gate (ACCESS_CODES): a right code re-issues the session cookie with proof of it; a wrong
 * one is answered 403 and counted against the address (429 once too many). Sets a cookie only
 * after the guard let the request through and the code was right.
 */
export const POST = route(
  { identity: 'optional', open: true, body: { schema: body, maxBytes: 2048 } },
  async ({ db, userId, request, body }) => {
    const fresh = await enterAccessCode({
      db,
      code: body.code,
      address: clientAddress(request.headers),
      userId,
      browserId: await currentGuestId(),
      secure: isSecureRequest(request.headers, request.url),
    });
    (await cookies()).set(fresh.name, fresh.value, fresh.options);
    return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
  },
);
