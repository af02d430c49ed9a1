import 'server-only';
import { currentRequestId, withRequestContext } from '@/lib/server/log';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { ChatMessage } from '@/lib/chat/types';
import { checkForMessage, claimForMessage } from '@/lib/server/attachments/claim';
import { getDb } from '@/lib/server/database';
import type { Db } from '@/lib/server/db/types';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import {
  createConversation,
  getActiveLeafId,
  getConversation,
  insertMessage,
  listMessages,
  setActiveLeaf,
  touchConversation,
} from '@/lib/server/db/repository';
import { beginGeneration } from '@/lib/server/live/generation';
import { AppError, notFound } from '@/lib/server/errors';
import { type ModelSettings, pickModelSettings } from '@/lib/chat/model-settings';
import { provisionalTitle } from '@/lib/chat/title-text';
import { resolveModelChoice } from '@/lib/server/models';
import { activeBranch, branchTo } from './history';
import { type LaunchedTurn, launchTurn } from './launch-turn';
import { settleLostGenerations } from '@/lib/server/live/settle';

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
  const existing = body.conversationId
    ? await getConversation(db, { userId, conversationId: body.conversationId })
    : null;
  if (body.conversationId && !existing) throw notFound('Conversation not found.');
  // Only a configured provider and model (400 otherwise, before anything is saved); without one,
  // the conversation's last choice, else the default.
  const choice = await resolveModelChoice(
    { provider: body.provider, model: body.model },
    existing ?? undefined,
  );
  const { model } = choice;
  const provider = choice.provider.name;
  const attachmentIds = [...new Set(body.attachments ?? [])];
  // Before anything is saved: a refused attachment must not leave an empty conversation behind.
  const checked = await checkForMessage(db, {
    userId,
    conversationId: existing?.id ?? null,
    ids: attachmentIds,
  });

  const conversation =
    existing ??
    (await createConversation(db, {
      userId,
      // Replaced by a generated title after the first exchange (title.ts).
      title: provisionalTitle(body.content?.trim() ? body.content : (checked[0]?.name ?? '')),
      model,
      provider,
      settings: {
        ...(body.tools ? { tools: body.tools } : {}),
        ...pickModelSettings(body.settings ?? {}),
      },
    }));

  // An answer whose instance vanished (lease expired) no longer blocks a new one.
  if (existing) await settleLostGenerations(db, { conversationId: conversation.id });
  const messages = body.conversationId
    ? await listMessages(db, { conversationId: conversation.id })
    : [];
  assertIdle(messages);
  const attachments = await claimForMessage(db, {
    userId,
    conversationId: conversation.id,
    ids: attachmentIds,
  });

  // Claimed before any streaming row exists, so recovery never mistakes it for an orphan; an
  // existing conversation was settled just above, a new one has nothing to settle.
  const claim = beginGeneration(db, conversation.id, { settled: true });
  // A new conversation cannot be claimed by anyone else: its first message is saved meanwhile.
  const first =
    !existing && !body.retryOf && !body.editOf
      ? firstUserMessage(db, conversation.id, { content: body.content ?? '', attachments })
      : null;
  const [claimed, point] = await Promise.allSettled([claim, first]);
  if (claimed.status === 'rejected') throw claimed.reason;
  const live = claimed.value;
  try {
    if (point.status === 'rejected') throw point.reason;
    const { branch, userMessage, parentId } =
      point.value ??
      (body.retryOf
        ? retryPoint(messages, body.retryOf)
        : body.editOf
          ? await editPoint(db, conversation.id, messages, body.editOf, {
              content: body.content ?? '',
              attachments: body.attachments ? attachments : undefined,
            })
          : await newUserMessage(db, conversation.id, messages, {
              content: body.content ?? '',
              attachments,
            }));

    const assistant = await insertMessage(db, {
      conversationId: conversation.id,
      parentId,
      role: 'assistant',
      status: 'streaming',
      model,
    });
    // Every new turn is what the conversation shows next, whichever branch it grew from. A new
    // conversation was created with this model and provider a moment ago: nothing to touch.
    const [touched] = await Promise.all([
      existing ? touchConversation(db, { conversationId: conversation.id, model, provider }) : null,
      setActiveLeaf(db, { conversationId: conversation.id, messageId: assistant.id }),
    ]);
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
    });
  } catch (error) {
    await live.finish('failed').catch(() => {});
    throw error;
  }
}

/**
 * A retry (or regenerate, of any answer) answers again from where that answer started: the new
 * answer is a sibling of the old one, which stays in the tree.
 */
function retryPoint(messages: ChatMessage[], retryOf: string) {
  const previous = messages.find((m) => m.id === retryOf && m.role === 'assistant');
  if (!previous?.parentId) throw notFound('That answer cannot be retried.');
  return {
    branch: branchTo(messages, previous.parentId),
    userMessage: null,
    parentId: previous.parentId,
  };
}

/** An edit is a new user message beside the edited one (same parent); the original stays. */
async function editPoint(
  db: Db,
  conversationId: string,
  messages: ChatMessage[],
  editOf: string,
  input: { content: string; attachments?: AttachmentMeta[] },
) {
  const edited = messages.find((m) => m.id === editOf && m.role === 'user');
  if (!edited) throw notFound('That message cannot be edited.');
  const history = edited.parentId ? branchTo(messages, edited.parentId) : [];
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: edited.parentId,
    role: 'user',
    content: input.content,
    // An edit keeps the edited message's files unless it names its own.
    attachments: input.attachments ?? edited.attachments ?? null,
    status: 'complete',
  });
  return { branch: [...history, userMessage], userMessage, parentId: userMessage.id };
}

/** The opening message of a new conversation (no history, no active leaf yet). */
async function firstUserMessage(
  db: Db,
  conversationId: string,
  input: { content: string; attachments: AttachmentMeta[] },
) {
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: null,
    role: 'user',
    content: input.content,
    attachments: input.attachments,
    status: 'complete',
  });
  return { branch: [userMessage], userMessage, parentId: userMessage.id };
}

async function newUserMessage(
  db: Db,
  conversationId: string,
  messages: ChatMessage[],
  input: { content: string; attachments: AttachmentMeta[] },
) {
  const history = activeBranch(messages, await getActiveLeafId(db, { conversationId }));
  const userMessage = await insertMessage(db, {
    conversationId,
    parentId: history.at(-1)?.id ?? null,
    role: 'user',
    content: input.content,
    attachments: input.attachments,
    status: 'complete',
  });
  return { branch: [...history, userMessage], userMessage, parentId: userMessage.id };
}
