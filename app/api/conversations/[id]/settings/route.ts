import { z } from 'zod';
import { modelSettingsShape } from '@/lib/chat/model-settings-schema';
import { touchConversation } from '@/lib/server/chat/conversations';
import { route } from '@/lib/server/http/guard';
import { ownedConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const settingsSchema = z
  .object({
    tools: z.array(z.string().min(1).max(128)).max(200).optional(),
    ...modelSettingsShape,
  })
  .strict();

/** Replaces the conversation's settings (tools, system prompt, sampling, reasoning effort). */
export const PUT = route(
  {
    ...ownedConversation(),
    body: { schema: settingsSchema, maxBytes: 128 * 1024 },
  },
  async ({ db, params, body }) => {
    const conversation = await touchConversation(db, { conversationId: params.id, settings: body });
    return Response.json({ conversation });
  },
);
