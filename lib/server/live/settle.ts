import 'server-only';
import type { Db } from '@/lib/server/db/client';
import {
  expiredGenerations,
  readEvents,
  recoverMessageProgress,
  settleLostGenerations as settleInDatabase,
} from '@/lib/server/db/repository';
import { foldLog } from './fold-log';

/**
 * Recovery, run by whichever instance notices (see settleLostGenerations in the repository):
 * before a lost turn is settled, its answer is brought up to what its live log holds when that
 * is more than the progress copy, so a crash loses at most one log flush (250 ms) of what the
 * reader saw. Safe to run on several instances at once: the log only grows, and the copy is
 * replaced only by a longer one while the answer is still `streaming`.
 */
export async function settleLostGenerations(
  db: Db,
  input: { conversationId?: string } = {},
): Promise<number> {
  for (const id of await expiredGenerations(db, input)) {
    const batches = await readEvents(db, { generationId: id, after: 0 });
    const answer = foldLog(batches.flatMap((b) => b.frames));
    if (!answer) continue;
    const { content, reasoning, refusal, toolCalls } = answer.fields;
    await recoverMessageProgress(db, answer.messageId, {
      patch: { content, reasoning, refusal, toolCalls },
      size: answer.size,
    });
  }
  return settleInDatabase(db, input);
}
