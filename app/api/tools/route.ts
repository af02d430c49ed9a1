import type { ToolsResponse } from '@/lib/chat/api-types';
import { errorResponse } from '@/lib/server/errors';
import { resolveUser } from '@/lib/server/session';
import { getToolCatalog } from '@/lib/server/tools';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The tools a conversation can enable (built-ins and connected MCP servers). */
export async function GET() {
  try {
    await resolveUser();
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
