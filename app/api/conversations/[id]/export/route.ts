import { z } from 'zod';
import { attachment, exportFormatSchema } from '@/lib/server/export/http';
import { exportConversationJson, exportConversationMarkdown } from '@/lib/server/export/service';
import { route } from '@/lib/server/http/guard';
import { conversationNotFound, ownedConversation } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Downloads one conversation: `format=md` is the branch on screen as a readable transcript,
 * `format=json` every message and branch, in the format POST /api/import reads back.
 */
export const GET = route(
  {
    ...ownedConversation(),
    query: z.object({ format: exportFormatSchema(['md', 'json']) }),
  },
  async ({ userId, params, query }) => {
    if (query.format === 'md') {
      const md = await exportConversationMarkdown(userId, params.id);
      if (!md) throw conversationNotFound();
      return attachment(md.markdown, md.title, 'md');
    }
    const json = await exportConversationJson(userId, params.id);
    if (!json) throw conversationNotFound();
    return attachment(JSON.stringify(json, null, 2), json.conversation.title, 'json');
  },
);
