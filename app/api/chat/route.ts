import { after } from 'next/server';
import { startChat } from '@/lib/server/chat/start-chat';
import { errorResponse } from '@/lib/server/errors';
import { readJsonBody } from '@/lib/server/read-body';
import { resolveUser } from '@/lib/server/session';
import { chatRequestSchema, MAX_BODY_BYTES } from './schema';
import { sseResponse } from '@/lib/server/chat/sse-response';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
// The answer keeps generating after the browser leaves, within this limit (seconds).
export const maxDuration = 300;

export async function POST(request: Request): Promise<Response> {
  try {
    const { userId } = await resolveUser();
    const body = await readJsonBody(request, chatRequestSchema, MAX_BODY_BYTES);
    // Leave a margin so the interrupted answer is saved before the platform kills the function.
    const chat = await startChat(userId, body, { deadlineMs: (maxDuration - 10) * 1000 });
    after(chat.finished);
    return sseResponse(chat.stream);
  } catch (error) {
    return errorResponse(error);
  }
}
