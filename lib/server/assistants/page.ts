import 'server-only';
import { type PickedAssistant, type SharedAssistant, toPicked } from '@/lib/chat/assistants';
import { currentCaller } from '@/lib/server/auth/current';
import { getDb } from '@/lib/server/db/database';
import { findUsable, isConfiguredId, viewSharedAssistant } from './service';

// The pages' reads of assistants: the caller's (or a configured) one a new chat starts with.

/** The assistant `/?assistant=<id>` names, when the caller may use it; else null (a plain chat). */
export async function assistantForNewChat(id: unknown): Promise<PickedAssistant | null> {
  if (typeof id !== 'string' || id.length > 60) return null;
  const userId = (await currentCaller())?.userId;
  if (!userId && !isConfiguredId(id)) return null;
  const found = await findUsable(await getDb(), userId ?? '', id);
  return found ? toPicked(found) : null;
}

/** The shared assistant behind `/a/<id>`, as anyone holding the link sees it; null when none. */
export async function sharedAssistantForPage(shareId: string): Promise<SharedAssistant | null> {
  return viewSharedAssistant(await getDb(), shareId);
}
