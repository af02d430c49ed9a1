import { after } from 'next/server';
import { z } from 'zod';
import { decideTool } from '@/lib/server/chat/decide-tool';
import { errorResponse, notFound } from '@/lib/server/errors';
import { readJsonBody } from '@/lib/server/read-body';
import { resolveUser } from '@/lib/server/session';
import { sseResponse } from '@/lib/server/chat/sse-response';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const maxDuration = 300;

const bodySchema = z
  .object({ approve: z.boolean(), timeZone: z.string().max(64).optional() })
  .strict();

/** Approve or deny a tool call that waits for the user; streams the rest of the turn. */
export async function POST(request: Request, ctx: { params: Promise<{ toolMessageId: string }> }) {
  try {
    const { userId } = await resolveUser();
    const { toolMessageId } = await ctx.params;
    if (!z.uuid().safeParse(toolMessageId).success) throw notFound('Tool call not found.');
    const body = await readJsonBody(request, bodySchema, 4 * 1024);
    const turn = await decideTool(userId, toolMessageId, body, {
      deadlineMs: (maxDuration - 10) * 1000,
    });
    after(turn.finished);
    return sseResponse(turn.stream);
  } catch (error) {
    return errorResponse(error);
  }
}
