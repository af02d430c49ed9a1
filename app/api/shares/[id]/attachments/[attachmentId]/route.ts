import { z } from 'zod';
import { ATTACHMENT_NOT_FOUND, sharedAttachment } from '@/lib/server/attachments/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A file of a shared link that includes attachments; anyone with the link may see it. */
export const GET = route(
  {
    identity: 'public',
    open: true,
    params: z.object({ id: z.string().min(1).max(200), attachmentId: z.uuid() }),
    notFound: ATTACHMENT_NOT_FOUND,
  },
  ({ params, request }) => sharedAttachment(params.id, params.attachmentId, request),
);
