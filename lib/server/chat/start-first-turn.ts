import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { type FirstTurn, insertFirstTurn, newFirstTurn } from '@/lib/server/db/repository';
import { parseSettings } from '@/lib/server/db/rows';
import { liveGeneration, liveTiming } from '@/lib/server/live/generation';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import { askEarly, unsavedQuestion } from './ask-early';
import { type LaunchedTurn, launchTurn } from './launch-turn';

interface FirstTurnInput {
  conversation: FirstTurn['conversation'];
  content: string;
  model: string;
  provider: string;
  params?: ChatCompletionParams;
  timeZone?: string;
  deadlineMs: number;
}

/**
 * The first answer of a new conversation that brings no files (attachments, or an assistant's
 * reference files): the conversation, its question, the answer shown and the claim are saved in
 * one statement (repository/first-turn.ts) while the model is already being asked (head-start.ts):
 * nothing the request needs comes from the database, so the first token waits for the slower of
 * the two instead of both. A failed save cancels the call before the model's answer is read.
 */
export async function startFirstTurn(
  db: Db,
  userId: string,
  o: FirstTurnInput,
): Promise<LaunchedTurn> {
  const timing = await liveTiming();
  const turn = newFirstTurn({
    conversation: o.conversation,
    content: o.content,
    model: o.model,
    leaseMs: timing.leaseMs,
  });
  const saving = insertFirstTurn(db, turn);
  // Awaited below; until then its failure must not count as unhandled.
  saving.catch(() => {});
  const headStart = await askEarly(db, {
    // As the saved conversation will read them back (rows.ts).
    conversation: { ...turn.conversation, settings: parseSettings(turn.conversation.settings) },
    branch: [
      unsavedQuestion({
        id: turn.question.id,
        conversationId: turn.conversation.id,
        parentId: null,
        content: o.content,
      }),
    ],
    model: o.model,
    provider: o.provider,
    params: o.params,
  });
  try {
    const { conversation, question, answer } = await saving;
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
      headStart: headStart ?? undefined,
    });
  } catch (error) {
    headStart?.cancel();
    throw error;
  }
}
