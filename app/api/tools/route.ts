import type { ToolsResponse } from '@/lib/chat/api-types';
import { errorResponse } from '@/lib/server/errors';
import { getToolCatalog } from '@/lib/server/tools';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The tools a conversation can enable (built-ins and connected MCP servers). */
export async function GET() {
  try {
    // The same for every visitor, so this route does not mint a guest identity: several first
    // requests in parallel would otherwise each create one and race to set the cookie.
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
  } catch (error) {
    return errorResponse(error);
  }
}
