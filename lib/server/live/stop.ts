import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { getGeneration, requestStop } from '@/lib/server/db/repository';
import { waitFor } from './bus';
import { liveTiming } from './generation';
import { settleLostGenerations } from './settle';

/** How long a Stop request waits for the generating instance to save the stopped answer. */
export const STOP_WAIT_MS = 5_000;

/**
 * Stops the live turns in scope (a conversation's, a user's, or one: a comparison's column),
 * wherever they run: records the Stop in the database (the
 * generating instance hears it by NOTIFY, or on its next heartbeat), then waits until each is
 * saved or `waitMs` passes. A turn whose instance vanished is settled here instead.
 * Resolves true when every turn was saved in time.
 */
export async function stopLive(
  db: Db,
  scope: { conversationId: string } | { userId: string } | { generationId: string },
  waitMs = STOP_WAIT_MS,
): Promise<boolean> {
  const reached = await requestStop(db, scope);
  const { heartbeatMs } = await liveTiming();
  const deadline = Date.now() + waitMs;
  const pending = new Set(reached.map((g) => g.id));
  while (pending.size > 0 && Date.now() < deadline) {
    for (const id of [...pending]) {
      const g = await getGeneration(db, id);
      if (!g || g.finished) pending.delete(id);
      else if (g.expired) {
        await settleLostGenerations(db, { conversationId: g.conversationId });
        pending.delete(id);
      }
    }
    const [next] = pending;
    if (next === undefined) break;
    // Woken by the `finished` notification where LISTEN works; else a brisk poll.
    await waitFor(`finished:${next}`, Math.min(heartbeatMs, 200, deadline - Date.now()));
  }
  return pending.size === 0;
}
