import { z } from 'zod';
import { cleanLabel } from '@/lib/chat/text-hygiene';
import { MAX_TITLE_LENGTH } from '@/lib/chat/title-text';
import {
  loadConversation,
  renameConversation,
  softDeleteConversation,
} from '@/lib/server/chat/conversations';
import { stopLive } from '@/lib/server/live/stop';
import { route } from '@/lib/server/http/guard';
import { conversationNotFound, ownedConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const title = z
  .string()
  .transform(cleanLabel)
  .pipe(
    z
      .string()
      .min(1, 'The title cannot be empty.')
      .max(MAX_TITLE_LENGTH, `The title can be at most ${MAX_TITLE_LENGTH} characters.`),
  );

const owned = ownedConversation();

export const GET = route(owned, async ({ userId, params }) => {
  const detail = await loadConversation(userId, params.id);
  if (!detail) throw conversationNotFound();
  return Response.json(detail, { headers: { 'cache-control': 'no-store' } });
});

/** Renames the caller's conversation: `{ title }`, whitespace collapsed, 1–200 characters. */
export const PATCH = route(
  { ...owned, body: { schema: z.object({ title }).strict(), maxBytes: 4 * 1024 } },
  async ({ db, userId, params, body }) => {
    const conversation = await renameConversation(db, {
      userId,
      conversationId: params.id,
      title: body.title,
    });
    if (!conversation) throw conversationNotFound();
    return Response.json({ conversation });
  },
);

/**
 * Deletes the caller's conversation: hidden everywhere at once and its shared links stop working,
 * but it can be restored (POST …/restore, the undo) until it is purged 30 days later.
 */
export const DELETE = route(owned, async ({ db, userId, params }) => {
  // An answer still being written would otherwise keep its upstream request open for nothing.
  await stopLive(db, { conversationId: params.id });
  const deleted = await softDeleteConversation(db, { userId, conversationId: params.id });
  if (!deleted) throw conversationNotFound();
  return new Response(null, { status: 204 });
});
