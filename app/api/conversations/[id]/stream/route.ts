import { z } from 'zod';
import { sseResponse } from '@/lib/server/chat/sse-response';
import { route } from '@/lib/server/http/guard';
import { ownedConversation } from '@/lib/server/http/ownership';
import { findGeneration, resumeStream } from '@/lib/server/live/resume';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const maxDuration = 300;

const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const querySchema = z.object({
  after: seq.optional(),
  generation: z.uuid().optional(),
  /** The answer a turn began with: one column of a comparison. */
  message: z.uuid().optional(),
});

/**
 * Resumes the conversation's live answer from any instance: the events after `Last-Event-ID`
 * (or `?after=`), then the live tail, ending with `done`. 204 when it has had no live answer.
 */
export const GET = route(
  {
    ...ownedConversation(),
    query: querySchema,
  },
  async ({ request, db, params, query }) => {
    const header = seq.safeParse(request.headers.get('last-event-id') ?? undefined);
    const after = header.success ? header.data : (query.after ?? 0);
    const input = {
      conversationId: params.id,
      generationId: query.generation,
      messageId: query.message,
    };
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
  },
);
