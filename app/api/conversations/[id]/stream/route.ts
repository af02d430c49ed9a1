import { z } from 'zod';
import { sseResponse } from '@/lib/server/chat/sse-response';
import { getDb } from '@/lib/server/database';
import { getConversation } from '@/lib/server/db/repository';
import { AppError, errorResponse, notFound } from '@/lib/server/errors';
import { findGeneration, resumeStream } from '@/lib/server/live/resume';
import { readUserId } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const maxDuration = 300;

const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const querySchema = z.object({
  after: seq.optional(),
  generation: z.uuid().optional(),
});

/**
 * Resumes the conversation's live answer from any instance: the events after `Last-Event-ID`
 * (or `?after=`), then the live tail, ending with `done`. 204 when it has had no live answer.
 */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await ctx.params;
    const userId = await readUserId();
    if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    const url = new URL(request.url);
    const query = querySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) {
      throw new AppError(
        'bad_request',
        '`after` must be a sequence number and `generation` an id.',
      );
    }
    const header = seq.safeParse(request.headers.get('last-event-id') ?? undefined);
    const after = header.success ? header.data : (query.data.after ?? 0);

    const db = await getDb();
    if (!(await getConversation(db, { userId, conversationId: id }))) {
      throw notFound('Conversation not found.');
    }
    const input = { conversationId: id, generationId: query.data.generation };
    const generation = await findGeneration(db, input);
    if (!generation) return new Response(null, { status: 204 });
    return sseResponse(
      resumeStream(db, generation, {
        ...input,
        after,
        signal: request.signal,
        deadlineMs: (maxDuration - 10) * 1000,
      }),
    );
  } catch (error) {
    return errorResponse(error);
  }
}
