import { after } from 'next/server';
import { startChat } from '@/lib/server/chat/start-chat';
import { sseResponse } from '@/lib/server/chat/sse-response';
import { route } from '@/lib/server/http/guard';
import { chatLimits } from '@/lib/server/http/limits';
import { chatRequestSchema, MAX_BODY_BYTES } from './schema';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// The answer keeps generating after the browser leaves, within this limit (seconds).
export const maxDuration = 300;

export const POST = route(
  {
    identity: 'user',
    body: { schema: chatRequestSchema, maxBytes: MAX_BODY_BYTES },
    limits: chatLimits,
  },
  async ({ userId, body }) => {
    // Leave a margin so the interrupted answer is saved before the platform kills the function.
    const chat = await startChat(userId, body, { deadlineMs: (maxDuration - 10) * 1000 });
    after(chat.finished);
    return sseResponse(chat.stream);
  },
);
