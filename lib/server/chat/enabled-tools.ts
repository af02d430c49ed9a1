import 'server-only';
import type { ConversationSettings } from '@/lib/chat/types';
import { getToolCatalog } from '@/lib/server/tools';
import type { Tool } from '@/lib/server/tools/types';

/** The tools this conversation offers the model: all available ones unless the user chose. */
export async function enabledTools(settings: ConversationSettings): Promise<Map<string, Tool>> {
  const { tools } = await getToolCatalog().list();
  const chosen = settings.tools ? new Set(settings.tools) : null;
  return new Map(tools.filter((t) => !chosen || chosen.has(t.name)).map((t) => [t.name, t]));
}
