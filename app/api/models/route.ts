import type { ModelsResponse } from '@/lib/chat/api-types';
import { errorResponse } from '@/lib/server/errors';
import { listModels } from '@/lib/server/models';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every configured provider's models (names and sizes only: keys and URLs stay on the server). */
export async function GET() {
  try {
    // The same for every visitor, so this route does not mint a guest identity: several first
    // requests in parallel would otherwise each create one and race to set the cookie.
    const list: ModelsResponse = await listModels();
    return Response.json(list);
  } catch (error) {
    return errorResponse(error);
  }
}
