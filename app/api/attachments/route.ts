import { postAttachment } from '@/lib/server/attachments/http';
import { errorResponse } from '@/lib/server/errors';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  try {
    return await postAttachment(request);
  } catch (error) {
    return errorResponse(error);
  }
}
