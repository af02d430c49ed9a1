import 'server-only';
import { currentRequestId, withRequestContext } from '@/lib/server/log';
import type { ChatMessage, ComparisonSlot, Conversation } from '@/lib/chat/types';
import { checkForMessage, claimForMessage } from '@/lib/server/attachments/claim';
import { getDb } from '@/lib/server/db/database';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import {
  comparisonIsLive,
  getConversationAndLeaf,
  insertShownAnswer,
  listMessages,
} from '@/lib/server/db/repository';
import { beginGeneration } from '@/lib/server/live/generation';
import { AppError, notFound } from '@/lib/server/errors';
import type { ModelSettings } from '@/lib/chat/model-settings';
import { resolveModelChoice } from '@/lib/server/providers/models';
import { type LaunchedTurn, launchTurn } from './launch-turn';
import { startFirstTurn } from './start-first-turn';
import { askForNewMessage } from './ask-early';
import type { HeadStart } from './head-start';
import { conversationFields, newConversation } from './new-conversation';
import { editPoint, firstUserMessage, newUserMessage, retryPoint } from './turn-points';
import { settleLostGenerations } from '@/lib/server/live/settle';
import { type AssistantStart, assistantStart } from '@/lib/server/assistants/start';

/** Refuses a second answer while one is being written (a double submit, or two tabs). */
export function assertIdle(messages: readonly ChatMessage[]) {
  if (messages.some((m) => m.status === 'streaming')) {
    throw new AppError(
      'conflict',
      'An answer is still being written in this conversation. Stop it first.',
    );
  }
}

/** A chat request as the route validated it (app/api/chat/schema.ts). */
export interface ChatInput {
  conversationId?: string;
  content?: string;
  retryOf?: string;
  editOf?: string;
  provider?: string;
  model?: string;
  settings?: ModelSettings;
  params?: ChatCompletionParams;
  tools?: string[];
  timeZone?: string;
  /** Ids of the user's uploads sent with a new or edited message. */
  attachments?: string[];
  /** A new conversation started from this assistant (its copy of the settings wins). */
  assistantId?: string;
}

export function startChat(
  userId: string,
  body: ChatInput,
  options: { deadlineMs: number },
): Promise<LaunchedTurn> {
  // A fresh request id (unless the caller set one) that every log line of the turn carries:
  // the generation outlives the response, and the id follows it.
  return withRequestContext(currentRequestId() ?? crypto.randomUUID(), () =>
    startChatNow(userId, body, options),
  );
}

async function startChatNow(
  userId: string,
  body: ChatInput,
  options: { deadlineMs: number },
): Promise<LaunchedTurn> {
  const db = await getDb();
  const { existing, leaf, messages, column, settled } = await readConversation(db, userId, body);
  const start =
    !existing && body.assistantId ? await assistantStart(db, userId, body.assistantId) : null;
  const { model, provider } = await chooseModel(body, existing, column, start);
  const attachmentIds = [...new Set(body.attachments ?? [])];
  if (!existing && !start && attachmentIds.length === 0 && !body.retryOf && !body.editOf) {
    return startFirstTurn(db, userId, {
      conversation: {
        id: crypto.randomUUID(),
        ...conversationFields(userId, body, { model, provider, start, firstFileName: undefined }),
      },
      content: body.content ?? '',
      model,
      provider,
      params: body.params,
      timeZone: body.timeZone,
      deadlineMs: options.deadlineMs,
    });
  }
  // Before anything is saved: a refused attachment must not leave an empty conversation behind.
  const checked = await checkForMessage(db, {
    userId,
    conversationId: existing?.id ?? null,
    ids: attachmentIds,
  });

  const conversation =
    existing ??
    (await newConversation(db, userId, body, {
      model,
      provider,
      start,
      firstFileName: checked[0]?.name,
    }));

  // A column's Retry joins its comparison while the other columns are still being written (the
  // claim below still refuses anything else live); otherwise nothing may be streaming.
  const joins = column ? await comparisonIsLive(db, column.slot.id) : false;
  if (!joins) assertIdle(messages);
  const attachments = await claimForMessage(db, {
    userId,
    conversationId: conversation.id,
    ids: attachmentIds,
  });

  // Claimed before any streaming row exists, so recovery never mistakes it for an orphan; an
  // existing conversation's lost answer was settled just above, a new one has nothing to settle.
  const assistantId = crypto.randomUUID();
  const claim = beginGeneration(db, conversation.id, {
    settled: !existing || settled || 'unless-refused',
    messageId: assistantId,
    ...(column && joins
      ? { comparison: { id: column.slot.id, slot: column.slot.slot }, slot: column.slot.slot }
      : {}),
  });
  // A new conversation cannot be claimed by anyone else: its first message is saved meanwhile.
  const first =
    !existing && !body.retryOf && !body.editOf
      ? firstUserMessage(db, conversation.id, { content: body.content ?? '', attachments })
      : null;
  const [claimed, point] = await Promise.allSettled([claim, first]);
  if (claimed.status === 'rejected') throw claimed.reason;
  const live = claimed.value;
  let headStart: HeadStart | null = null;
  try {
    if (point.status === 'rejected') throw point.reason;
    const pointing = Promise.resolve(
      point.value ?? turnPoint(db, conversation.id, { messages, leaf }, body, attachments),
    );
    // Awaited below, after the model is asked; until then its failure is not unhandled.
    pointing.catch(() => {});
    // A new message in a conversation that exists: the model is asked while it is saved.
    if (existing && !body.retryOf && !body.editOf && attachmentIds.length === 0) {
      headStart = await askForNewMessage(db, {
        conversation,
        messages,
        leaf,
        content: body.content ?? '',
        model,
        provider,
        params: body.params,
      });
    }
    const { branch, userMessage, parentId } = await pointing;

    // A new conversation was created with this model and provider a moment ago: nothing to
    // touch. A retried column keeps the conversation's model ("Continue with this answer"
    // changes it). Every new turn is what the conversation shows next, whichever branch it
    // grew from.
    const touch = existing && !column ? { model, provider } : null;
    const assistant = await insertShownAnswer(
      db,
      {
        id: assistantId,
        conversationId: conversation.id,
        parentId,
        role: 'assistant',
        status: 'streaming',
        model,
        // A retried column stays in its comparison, in its column, with the model it answered.
        comparison: column ? { ...column.slot, provider } : null,
      },
      touch,
    );
    // Saved in the same statement, at the answer's time (both are the transaction's now()).
    const touched = touch ? { ...conversation, ...touch, updatedAt: assistant.createdAt } : null;
    return launchTurn({
      live,
      db,
      userId,
      conversation: touched ?? conversation,
      branch,
      assistant,
      userMessage,
      model,
      provider,
      params: body.params,
      timeZone: body.timeZone,
      deadlineMs: options.deadlineMs,
      headStart: headStart ?? undefined,
    });
  } catch (error) {
    headStart?.cancel();
    await live.finish('failed').catch(() => {});
    throw error;
  }
}

type Db = Awaited<ReturnType<typeof getDb>>;
type Column = NonNullable<ReturnType<typeof columnOf>>;

/**
 * The conversation a request continues (404 when it is not the user's) and its messages, read
 * once after lost answers are settled; a retry of a comparison's answer answers again with that
 * column's model, in that column.
 */
async function readConversation(db: Db, userId: string, body: ChatInput) {
  const found = body.conversationId
    ? await getConversationAndLeaf(db, { userId, conversationId: body.conversationId })
    : null;
  if (body.conversationId && !found) throw notFound('Conversation not found.');
  const conversationId = found?.conversation.id;
  let messages = conversationId ? await listMessages(db, { conversationId }) : [];
  // Only an answer still marked as being written can have been lost; a lost turn with none is
  // settled when it refuses the claim (beginGeneration).
  const settled = !!conversationId && messages.some((m) => m.status === 'streaming');
  if (settled && (await settleLostGenerations(db, { conversationId })) > 0) {
    messages = await listMessages(db, { conversationId });
  }
  const column = body.retryOf ? columnOf(messages, body.retryOf) : null;
  return {
    existing: found?.conversation ?? null,
    leaf: found?.activeLeafId ?? null,
    messages,
    column,
    settled,
  };
}

/**
 * Only a configured provider and model (400 otherwise, before anything is saved); without one,
 * the conversation's last choice (or the retried column's, or a new conversation's assistant's
 * when still available), else the default.
 */
async function chooseModel(
  body: ChatInput,
  existing: Conversation | null,
  column: Column | null,
  start: AssistantStart | null,
): Promise<{ model: string; provider: string }> {
  const choice = start
    ? await resolveModelChoice(undefined, start.choice)
    : await resolveModelChoice(
        column && !body.model
          ? { provider: column.provider, model: column.model }
          : { provider: body.provider, model: body.model },
        existing ?? undefined,
      );
  return { model: choice.model, provider: choice.provider.name };
}

/** Where the new answer goes: after a retried answer's question, an edit, or a new message. */
function turnPoint(
  db: Db,
  conversationId: string,
  { messages, leaf }: { messages: ChatMessage[]; leaf: string | null },
  body: ChatInput,
  attachments: Awaited<ReturnType<typeof claimForMessage>>,
) {
  if (body.retryOf) return retryPoint(messages, body.retryOf);
  if (body.editOf) {
    return editPoint(db, conversationId, messages, body.editOf, {
      content: body.content ?? '',
      attachments: body.attachments ? attachments : undefined,
    });
  }
  return newUserMessage(db, conversationId, messages, {
    content: body.content ?? '',
    attachments,
    leaf,
  });
}

/** The comparison column of the answer a retry names (null when it is not in a comparison). */
function columnOf(
  messages: readonly ChatMessage[],
  retryOf: string,
): { slot: ComparisonSlot; provider: string; model?: string } | null {
  const answer = messages.find((m) => m.id === retryOf && m.role === 'assistant');
  if (!answer?.comparison) return null;
  return {
    slot: answer.comparison,
    provider: answer.comparison.provider,
    model: answer.model ?? undefined,
  };
}
