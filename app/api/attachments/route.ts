import { postAttachment } from '@/lib/server/attachments/http';
import { route } from '@/lib/server/http/guard';
import { uploadLimits } from '@/lib/server/http/limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Uploads one file; the body is the raw file, not JSON (see lib/server/attachments/upload.ts). */
export const POST = route({ identity: 'user', limits: uploadLimits }, ({ db, userId, request }) =>
  postAttachment(db, userId, request),
);
