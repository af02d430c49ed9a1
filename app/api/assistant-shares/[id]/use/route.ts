import { z } from 'zod';
import { SHARED_NOT_FOUND, useSharedAssistant } from '@/lib/server/assistants/service';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { assistantLimits } from '@/lib/server/http/limits';
import { PRIVATE_HEADERS } from '@/lib/server/share/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** "Use this assistant": copies the shared assistant into the caller's own list. */
export const POST = route(
  {
    identity: 'user',
    limits: assistantLimits,
    params: z.object({ id: z.string().min(1).max(200) }),
    notFound: SHARED_NOT_FOUND,
  },
  async ({ db, userId, params }) => {
    const assistant = await useSharedAssistant(db, userId, params.id);
    if (!assistant) throw notFound(SHARED_NOT_FOUND);
    return Response.json({ assistant }, { status: 201, headers: PRIVATE_HEADERS });
  },
);
