import { assistantInputSchema } from '@/lib/chat/assistant-schema';
import { createAssistant, listAll } from '@/lib/server/assistants/service';
import { route } from '@/lib/server/http/guard';
import { assistantLimits } from '@/lib/server/http/limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The deployment's assistants, then the caller's own (only the configured ones without a session). */
export const GET = route({ identity: 'optional' }, async ({ db, userId }) => {
  return Response.json({ items: await listAll(db, userId) });
});

/** Creates an assistant of the caller's (within ASSISTANTS_PER_USER). */
export const POST = route(
  {
    identity: 'user',
    limits: assistantLimits,
    body: { schema: assistantInputSchema, maxBytes: 64 * 1024 },
  },
  async ({ db, userId, body }) => {
    const assistant = await createAssistant(db, userId, body);
    return Response.json({ assistant }, { status: 201 });
  },
);
