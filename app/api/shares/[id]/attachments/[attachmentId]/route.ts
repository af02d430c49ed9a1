import { sharedAttachment } from '@/lib/server/attachments/http';
import { errorResponse } from '@/lib/server/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string; attachmentId: string }> };

/** A file of a shared link that includes attachments; anyone with the link may see it. */
export async function GET(_request: Request, ctx: Ctx) {
  try {
    const { id, attachmentId } = await ctx.params;
    return await sharedAttachment(id, attachmentId);
  } catch (error) {
    return errorResponse(error);
  }
}
