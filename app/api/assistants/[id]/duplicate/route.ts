import { duplicateAssistant } from '@/lib/server/assistants/service';
import { route } from '@/lib/server/http/guard';
import { assistantLimits } from '@/lib/server/http/limits';
import { ownedAssistant } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A copy of one of the caller's assistants, or of a configured one, in their own list. */
export const POST = route(
  { ...ownedAssistant(), limits: assistantLimits },
  async ({ db, userId, params }) => {
    const assistant = await duplicateAssistant(db, userId, params.id);
    return Response.json({ assistant }, { status: 201 });
  },
);
