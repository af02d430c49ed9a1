import type { ToolsResponse } from '@/lib/chat/api-types';
import { route } from '@/lib/server/http/guard';
import { getToolCatalog } from '@/lib/server/tools';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The tools a conversation can enable (built-ins and connected MCP servers). */
export const GET = route({ identity: 'public' }, async () => {
  const { tools, problems } = await getToolCatalog().list();
  const body: ToolsResponse = {
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      source: t.source,
      server: t.server ?? null,
      requiresApproval: t.requiresApproval,
    })),
    problems,
  };
  return Response.json(body);
});
