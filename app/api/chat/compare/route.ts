import { after } from 'next/server';
import { startComparison } from '@/lib/server/chat/start-compare';
import { route } from '@/lib/server/http/guard';
import { compareLimits } from '@/lib/server/http/limits';
import { compareRequestSchema, MAX_BODY_BYTES } from './schema';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// The answers keep generating after the response, within this limit (seconds).
export const maxDuration = 300;

/**
 * Starts a comparison: the question is saved with one streaming answer per model, and every
 * answer is generated at once. The browser follows each through its own resumable stream.
 */
export const POST = route(
  {
    identity: 'user',
    body: { schema: compareRequestSchema, maxBytes: MAX_BODY_BYTES },
    limits: compareLimits,
  },
  async ({ userId, body }) => {
    const started = await startComparison(userId, body, {
      deadlineMs: (maxDuration - 10) * 1000,
    });
    after(started.finished);
    return Response.json(started.body, { status: 201 });
  },
);
