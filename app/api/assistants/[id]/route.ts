import { assistantInputSchema } from '@/lib/chat/assistant-schema';
import {
  ASSISTANT_NOT_FOUND,
  deleteAssistant,
  findUsable,
  updateAssistant,
} from '@/lib/server/assistants/service';
import { notFound } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';
import { assistantLimits } from '@/lib/server/http/limits';
import { ownedAssistant } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const owned = ownedAssistant();

/** One assistant of the caller's, or a configured one (its files' text stays on the server). */
export const GET = route(owned, async ({ db, userId, params }) => {
  const found = await findUsable(db, userId, params.id);
  if (!found) throw notFound(ASSISTANT_NOT_FOUND);
  const { fileTexts: _, ...assistant } = found;
  return Response.json({ assistant });
});

/** Replaces the caller's assistant (a new version); configured ones answer 403. */
export const PUT = route(
  {
    ...owned,
    limits: assistantLimits,
    body: { schema: assistantInputSchema, maxBytes: 64 * 1024 },
  },
  async ({ db, userId, params, body }) => {
    const assistant = await updateAssistant(db, userId, params.id, body);
    return Response.json({ assistant });
  },
);

/** Deletes it; conversations started from it keep their own copy of its settings. */
export const DELETE = route(owned, async ({ db, userId, params }) => {
  await deleteAssistant(db, userId, params.id);
  return new Response(null, { status: 204 });
});
