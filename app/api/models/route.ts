import type { ModelsResponse } from '@/lib/chat/api-types';
import { route } from '@/lib/server/http/guard';
import { listModels } from '@/lib/server/providers/models';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every configured provider's models (names and sizes only: keys and URLs stay on the server). */
export const GET = route({ identity: 'public' }, async () => {
  const list: ModelsResponse = await listModels();
  return Response.json(list);
});
