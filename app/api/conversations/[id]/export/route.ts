import { z } from 'zod';
import { errorResponse, notFound } from '@/lib/server/errors';
import { attachment, exportFormat } from '@/lib/server/export/http';
import { exportConversationJson, exportConversationMarkdown } from '@/lib/server/export/service';
import { readUserId } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Downloads one conversation: `format=md` is the branch on screen as a readable transcript,
 * `format=json` every message and branch, in the format POST /api/import reads back.
 */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    const format = exportFormat(request, ['md', 'json']);
    const { id } = await ctx.params;
    // Reading needs an existing identity: a visitor without a cookie owns nothing.
    const userId = await readUserId();
    if (!userId || !z.uuid().safeParse(id).success) throw notFound('Conversation not found.');
    if (format === 'md') {
      const md = await exportConversationMarkdown(userId, id);
      if (!md) throw notFound('Conversation not found.');
      return attachment(md.markdown, md.title, 'md');
    }
    const json = await exportConversationJson(userId, id);
    if (!json) throw notFound('Conversation not found.');
    return attachment(JSON.stringify(json, null, 2), json.conversation.title, 'json');
  } catch (error) {
    return errorResponse(error);
  }
}
