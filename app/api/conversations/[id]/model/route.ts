import { z } from 'zod';
import { PROVIDER_NAME } from '@/lib/server/providers/config';
import { getDb } from '@/lib/server/database';
import { getConversation, touchConversation } from '@/lib/server/db/repository';
import { errorResponse, notFound } from '@/lib/server/errors';
import { resolveModelChoice } from '@/lib/server/models';
import { readJsonBody } from '@/lib/server/read-body';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const choiceSchema = z
  .object({
    provider: z.string().regex(PROVIDER_NAME, 'A provider is named by its configured name.'),
    model: z.string().min(1).max(200),
  })
  .strict();

/** The conversation's model from now on: a configured provider and one of its models, else 400. */
export async function PUT(request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { userId } = await resolveUser();
    const { id } = await ctx.params;
    if (!z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const body = await readJsonBody(request, choiceSchema, 4 * 1024);
    const db = await getDb();
    if (!(await getConversation(db, { userId, conversationId: id }))) {
      throw notFound('Conversation not found.');
    }
    const choice = await resolveModelChoice(body);
    const conversation = await touchConversation(db, {
      conversationId: id,
      model: choice.model,
      provider: choice.provider.name,
    });
    return Response.json({ conversation });
  } catch (error) {
    return errorResponse(error);
  }
}
