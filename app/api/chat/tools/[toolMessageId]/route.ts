import { after } from 'next/server';
import { z } from 'zod';
import { decideTool } from '@/lib/server/chat/decide-tool';
import { sseResponse } from '@/lib/server/chat/sse-response';
import { route } from '@/lib/server/http/guard';
import { toolDecisionLimits } from '@/lib/server/http/limits';
import { ownsMessage } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const maxDuration = 300;

const bodySchema = z
  .object({ approve: z.boolean(), timeZone: z.string().max(64).optional() })
  .strict();

/** Approve or deny a tool call that waits for the user; streams the rest of the turn. */
export const POST = route(
  {
    identity: 'user',
    params: z.object({ toolMessageId: z.uuid() }),
    body: { schema: bodySchema, maxBytes: 4 * 1024 },
    notFound: 'Tool call not found.',
    owns: ownsMessage('toolMessageId'),
    limits: toolDecisionLimits,
  },
  async ({ userId, params, body }) => {
    const turn = await decideTool(userId, params.toolMessageId, body, {
      deadlineMs: (maxDuration - 10) * 1000,
    });
    after(turn.finished);
    return sseResponse(turn.stream);
  },
);
