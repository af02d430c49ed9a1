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
      // The model's description is long and written for it; people get the short line.
      description: t.summary,
      source: t.source,
      server: t.server ?? null,
      requiresApproval: t.requiresApproval,
    })),
    problems,
  };
  return Response.json(body);
});
