import { z } from 'zod';
import { shareAssistant, unshareAssistant } from '@/lib/server/assistants/service';
import { route } from '@/lib/server/http/guard';
import { ownedAssistant } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const owned = ownedAssistant();
const body = z.object({ showPrompt: z.boolean().default(false) }).strict();

/**
 * Shares the caller's assistant as a link (the same link when shared already); `showPrompt`
 * chooses whether the shared page shows its system prompt.
 */
export const PUT = route(
  { ...owned, body: { schema: body, maxBytes: 1024, optional: true } },
  async ({ db, userId, params, body }) => {
    const assistant = await shareAssistant(db, userId, params.id, body.showPrompt);
    return Response.json({ assistant });
  },
);

/** Stops sharing: the link stops working at once. */
export const DELETE = route(owned, async ({ db, userId, params }) => {
  await unshareAssistant(db, userId, params.id);
  return new Response(null, { status: 204 });
});
