import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { type FirstTurn, insertFirstTurn, newFirstTurn } from '@/lib/server/db/repository';
import { liveGeneration, liveTiming } from '@/lib/server/live/generation';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import { type LaunchedTurn, launchTurn } from './launch-turn';

/**
 * The first answer of a new conversation that brings no files (attachments, or an assistant's
 * reference files): the conversation, its question, the answer shown and the claim are saved in
 * one statement (repository/first-turn.ts), then the model is called. Before, four round trips
 * one after another stood between the request and the model.
 */
export async function startFirstTurn(
  db: Db,
  userId: string,
  o: {
    conversation: FirstTurn['conversation'];
    content: string;
    model: string;
    provider: string;
    params?: ChatCompletionParams;
    timeZone?: string;
    deadlineMs: number;
  },
): Promise<LaunchedTurn> {
  const timing = await liveTiming();
  const turn = newFirstTurn({
    conversation: o.conversation,
    content: o.content,
    model: o.model,
    leaseMs: timing.leaseMs,
  });
  const { conversation, question, answer } = await insertFirstTurn(db, turn);
  return launchTurn({
    live: await liveGeneration(db, turn.claim.id, timing),
    db,
    userId,
    conversation,
    branch: [question],
    assistant: answer,
    userMessage: question,
    model: o.model,
    provider: o.provider,
    params: o.params,
    timeZone: o.timeZone,
    deadlineMs: o.deadlineMs,
  });
}
