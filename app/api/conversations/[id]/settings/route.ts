import { z } from 'zod';
import { modelSettingsShape } from '@/lib/chat/model-settings';
import { getDb } from '@/lib/server/database';
import { getConversation, touchConversation } from '@/lib/server/db/repository';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readJsonBody } from '@/lib/server/read-body';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const settingsSchema = z
  .object({
    tools: z.array(z.string().min(1).max(128)).max(200).optional(),
    ...modelSettingsShape,
  })
  .strict();

/** Replaces the conversation's settings (tools, system prompt, sampling, reasoning effort). */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { userId } = await resolveUser();
    const { id } = await ctx.params;
    if (!z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const settings = await readJsonBody(request, settingsSchema, 128 * 1024);
    const db = await getDb();
    if (!(await getConversation(db, { userId, conversationId: id }))) {
      throw notFound('Conversation not found.');
    }
    const conversation = await touchConversation(db, { conversationId: id, settings });
    return Response.json({ conversation });
  } catch (error) {
    return errorResponse(error);
  }
}
