import { z } from 'zod';
import { touchConversation } from '@/lib/server/chat/conversations';
import { PROVIDER_NAME } from '@/lib/server/config/providers';
import { route } from '@/lib/server/http/guard';
import { ownedConversation } from '@/lib/server/http/ownership';
import { resolveModelChoice } from '@/lib/server/providers/models';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const choiceSchema = z
  .object({
    provider: z.string().regex(PROVIDER_NAME, 'A provider is named by its configured name.'),
    model: z.string().min(1).max(200),
  })
  .strict();

/** The conversation's model from now on: a configured provider and one of its models, else 400. */
export const PUT = route(
  {
    ...ownedConversation(),
    body: { schema: choiceSchema, maxBytes: 4 * 1024 },
  },
  async ({ db, params, body }) => {
    const choice = await resolveModelChoice(body);
    const conversation = await touchConversation(db, {
      conversationId: params.id,
      model: choice.model,
      provider: choice.provider.name,
    });
    return Response.json({ conversation });
  },
);
