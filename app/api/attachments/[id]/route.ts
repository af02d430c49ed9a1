import { z } from 'zod';
import { ATTACHMENT_NOT_FOUND, getAttachment } from '@/lib/server/attachments/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(
  {
    identity: 'user',
    params: z.object({ id: z.uuid() }),
    notFound: ATTACHMENT_NOT_FOUND,
    ownedByHandler: true,
  },
  ({ db, userId, params, request }) => getAttachment(db, userId, params.id, request),
);
