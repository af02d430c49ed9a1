import 'server-only';
import type { ComparisonStarted } from '@/lib/chat/api-types';
import { pickModelSettings } from '@/lib/chat/model-settings';
import { provisionalTitle } from '@/lib/chat/title-text';
import { checkForMessage, claimForMessage } from '@/lib/server/attachments/claim';
import { getDb } from '@/lib/server/db/database';
import {
  createConversation,
  getConversation,
  insertMessage,
  listMessages,
  setActiveLeaf,
} from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { beginComparison } from '@/lib/server/live/generation';
import { settleLostGenerations } from '@/lib/server/live/settle';
import { currentRequestId, withRequestContext } from '@/lib/server/log';
import { type ResolvedModel, resolveModelChoice } from '@/lib/server/providers/models';
import { launchTurn } from './launch-turn';
import { assertIdle, type ChatInput } from './start-chat';
import { firstUserMessage, newUserMessage } from './turn-points';

// A comparison: one user message answered by several models at once. Each answer is a sibling
// branch of that message and its own live turn (a row in `generations`, with its own log, lease
// and Stop), so everything a single answer guarantees holds for each: saved as it streams,
// resumable on any instance, stopped alone. The turns share a comparison id, and only they may
// be live in the conversation meanwhile (one live comparison per conversation).

export interface CompareInput extends Omit<ChatInput, 'retryOf' | 'editOf' | 'provider' | 'model'> {
  /** 2–4 models, each a configured provider's name and one of its model ids. */
  models: { provider: string; model: string }[];
}

export interface StartedComparisonTurns {
  /** What the browser is told: the saved question and one streaming answer per model. */
  body: ComparisonStarted;
  /** Settles when every answer is saved; the route hands it to `after()`. */
  finished: Promise<void>;
}

export function startComparison(
  userId: string,
  body: CompareInput,
  options: { deadlineMs: number },
): Promise<StartedComparisonTurns> {
  return withRequestContext(currentRequestId() ?? crypto.randomUUID(), () =>
    startComparisonNow(userId, body, options),
  );
}

async function startComparisonNow(
  userId: string,
  body: CompareInput,
  options: { deadlineMs: number },
): Promise<StartedComparisonTurns> {
  const db = await getDb();
  const existing = body.conversationId
    ? await getConversation(db, { userId, conversationId: body.conversationId })
    : null;
  if (body.conversationId && !existing) throw notFound('Conversation not found.');
  // Every model must be configured (400 before anything is saved).
  const choices: ResolvedModel[] = [];
  for (const m of body.models) choices.push(await resolveModelChoice(m));
  const [lead] = choices;
  if (!lead) throw new Error('a comparison needs models');
  const attachmentIds = [...new Set(body.attachments ?? [])];
  const checked = await checkForMessage(db, {
    userId,
    conversationId: existing?.id ?? null,
    ids: attachmentIds,
  });

  const conversation =
    existing ??
    (await createConversation(db, {
      userId,
      title: provisionalTitle(body.content?.trim() ? body.content : (checked[0]?.name ?? '')),
      // The first model until the reader keeps an answer ("Continue with this answer").
      model: lead.model,
      provider: lead.provider.name,
      settings: {
        ...(body.tools ? { tools: body.tools } : {}),
        ...pickModelSettings(body.settings ?? {}),
      },
    }));
  if (existing) await settleLostGenerations(db, { conversationId: conversation.id });
  const messages = existing ? await listMessages(db, { conversationId: conversation.id }) : [];
  assertIdle(messages);
  const attachments = await claimForMessage(db, {
    userId,
    conversationId: conversation.id,
    ids: attachmentIds,
  });

  const comparisonId = crypto.randomUUID();
  const answerIds = choices.map(() => crypto.randomUUID());
  // All answers are claimed in one statement, before any streaming row exists.
  const lives = await beginComparison(db, conversation.id, { comparisonId, messageIds: answerIds });
  try {
    const input = { content: body.content ?? '', attachments };
    const point = existing
      ? await newUserMessage(db, conversation.id, messages, input)
      : await firstUserMessage(db, conversation.id, input);
    const answers = await insertAnswers(db, {
      conversationId: conversation.id,
      parentId: point.parentId,
      comparisonId,
      answerIds,
      choices,
    });
    const turns = answers.map((assistant, slot) => {
      const choice = choices[slot] ?? lead;
      const live = lives[slot];
      if (!live) throw new Error('a comparison lost a claimed turn');
      const turn = launchTurn({
        live,
        db,
        userId,
        conversation,
        branch: point.branch,
        assistant,
        userMessage: point.userMessage,
        model: choice.model,
        provider: choice.provider.name,
        params: body.params,
        timeZone: body.timeZone,
        deadlineMs: options.deadlineMs,
        // One title per conversation: the first column's answer names it.
        title: slot === 0,
      });
      // Each answer is followed through its own stream (GET …/stream?message=), from the log.
      void turn.stream.cancel().catch(() => {});
      return turn;
    });
    return {
      body: {
        conversation,
        userMessage: point.userMessage,
        comparisonId,
        answers: answers.map((message, slot) => ({
          message,
          generationId: lives[slot]?.id ?? '',
        })),
      },
      finished: Promise.all(turns.map((t) => t.finished)).then(() => {}),
    };
  } catch (error) {
    await Promise.all(lives.map((live) => live.finish('failed').catch(() => {})));
    throw error;
  }
}

/** One streaming answer per model, siblings under the question; the first column is shown. */
async function insertAnswers(
  db: Awaited<ReturnType<typeof getDb>>,
  o: {
    conversationId: string;
    parentId: string | null;
    comparisonId: string;
    answerIds: string[];
    choices: ResolvedModel[];
  },
) {
  const answers = await Promise.all(
    o.choices.map((choice, slot) =>
      insertMessage(db, {
        id: o.answerIds[slot],
        conversationId: o.conversationId,
        parentId: o.parentId,
        role: 'assistant',
        status: 'streaming',
        model: choice.model,
        comparison: { id: o.comparisonId, slot, provider: choice.provider.name },
      }),
    ),
  );
  // The first column is the branch shown until the reader keeps another.
  await setActiveLeaf(db, { conversationId: o.conversationId, messageId: o.answerIds[0] ?? '' });
  return answers;
}
