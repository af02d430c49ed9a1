import { z } from 'zod';
import { SHARED_NOT_FOUND, viewSharedAssistant } from '@/lib/server/assistants/service';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { PRIVATE_HEADERS } from '@/lib/server/share/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const params = z.object({ id: z.string().min(1).max(200) });

/** A shared assistant, for anyone holding the link (the prompt only when its owner shows it). */
export const GET = route(
  { identity: 'optional', open: true, params, notFound: SHARED_NOT_FOUND },
  async ({ db, params }) => {
    const assistant = await viewSharedAssistant(db, params.id);
    if (!assistant) throw notFound(SHARED_NOT_FOUND);
    return Response.json({ assistant }, { headers: PRIVATE_HEADERS });
  },
);
