import 'server-only';
import type { ChatMessage } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import { type FirstTurn, insertFirstTurn, newFirstTurn } from '@/lib/server/db/repository';
import { parseSettings } from '@/lib/server/db/rows';
import { liveGeneration, liveTiming } from '@/lib/server/live/generation';
import { log } from '@/lib/server/log';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import { streamedRequest } from './generate';
import { type HeadStart, sendHeadStart } from './head-start';
import { type LaunchedTurn, launchTurn, turnProvider, turnRequestInput } from './launch-turn';
import { firstStepRequest } from './turn';

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
  const headStart = await askEarly(db, turn, o);
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

/**
 * The first step's call, built from the unsaved rows as the turn will build it. Without one (no
 * provider, or building it failed) the turn simply calls the model itself once it is saved.
 */
async function askEarly(db: Db, turn: FirstTurn, o: FirstTurnInput): Promise<HeadStart | null> {
  const provider = turnProvider(o.provider);
  if (!provider) return null;
  try {
    const input = await turnRequestInput(provider, {
      db,
      // As the saved conversation will read them back (rows.ts).
      conversation: { ...turn.conversation, settings: parseSettings(turn.conversation.settings) },
      branch: [questionAsAsked(turn)],
      model: o.model,
      params: o.params,
    });
    return sendHeadStart(provider.upstream, streamedRequest(await firstStepRequest(input)));
  } catch (error) {
    log.warn({ err: error }, 'asking the model before the first turn was saved failed');
    return null;
  }
}

/** The question as the model is asked it; a request carries none of the saved row's times. */
function questionAsAsked(turn: FirstTurn): ChatMessage {
  const q = turn.question;
  return {
    id: q.id,
    conversationId: turn.conversation.id,
    parentId: null,
    role: 'user',
    content: q.content ?? '',
    reasoning: null,
    refusal: null,
    toolCalls: null,
    toolCallId: null,
    status: 'complete',
    finishReason: null,
    usage: null,
    model: null,
    error: null,
    reasoningMs: null,
    toolRun: null,
    createdAt: new Date().toISOString(),
  };
}
