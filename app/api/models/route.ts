import type { ModelsResponse } from '@/lib/chat/api-types';
import { errorResponse } from '@/lib/server/errors';
import { listModels } from '@/lib/server/models';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    await resolveUser();
    const list: ModelsResponse = await listModels();
    return Response.json(list);
  } catch (error) {
    return errorResponse(error);
  }
}
