import { z } from 'zod';
import { stopChat } from '@/lib/server/chat/stop-chat';
import { route } from '@/lib/server/http/guard';
import { ownsMessage } from '@/lib/server/http/ownership';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = route(
  {
    identity: 'user',
    params: z.object({ messageId: z.uuid() }),
    notFound: 'Message not found.',
    owns: ownsMessage('messageId'),
  },
  async ({ userId, params }) => {
    const message = await stopChat(userId, params.messageId);
    return Response.json({ message });
  },
);
