import 'server-only';
import { type PickedAssistant, toPicked } from '@/lib/chat/assistants';
import { currentCaller } from '@/lib/server/auth/current';
import { getDb } from '@/lib/server/database';
import { findUsable, isConfiguredId } from './service';

// The pages' reads of assistants: the caller's (or a configured) one a new chat starts with.

/** The assistant `/?assistant=<id>` names, when the caller may use it; else null (a plain chat). */
export async function assistantForNewChat(id: unknown): Promise<PickedAssistant | null> {
  if (typeof id !== 'string' || id.length > 60) return null;
  const userId = (await currentCaller())?.userId;
  if (!userId && !isConfiguredId(id)) return null;
  const found = await findUsable(await getDb(), userId ?? '', id);
  return found ? toPicked(found) : null;
}
