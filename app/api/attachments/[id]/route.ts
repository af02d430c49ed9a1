import { getAttachment } from '@/lib/server/attachments/http';
import { errorResponse } from '@/lib/server/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }) {
  try {
    return await getAttachment((await ctx.params).id);
  } catch (error) {
    return errorResponse(error);
  }
}
