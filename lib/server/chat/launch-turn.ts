import 'server-only';
import { log } from '@/lib/server/log';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import type { Db } from '@/lib/server/db/client';
import { getProviderRegistry } from '@/lib/server/providers/registry';
import type { LiveGeneration } from '@/lib/server/live/generation';
import type { ChatCompletionParams } from '@/lib/server/upstream/types';
import { enabledTools } from './enabled-tools';
import { titleAfterFirstTurn } from './title';
import type { HeadStart } from './head-start';
import { runTurn, type TurnRequestInput } from './turn';

export interface LaunchedTurn {
  stream: ReadableStream<Uint8Array>;
  /**
   * Settles when the turn is saved (and a first exchange titled); the route hands it to `after()`
   * so it outlives the response.
   */
  finished: Promise<void>;
}

export interface LaunchOptions {
  db: Db;
  /** The caller, whose token budget the turn spends. */
  userId: string;
  conversation: Conversation;
  /** History the model sees before the new answer. */
  branch: ChatMessage[];
  /** The saved, empty answer to fill in. */
  assistant: ChatMessage;
  /** The message that started the turn, when this request created it. */
  userMessage: ChatMessage | null;
  /** Messages this request changed before the model runs (e.g. an approved tool's result). */
  changedBefore?: ChatMessage[];
  model: string;
  /** The configured provider of `model` (resolveModelChoice); absent = the default provider. */
  provider?: string;
  params?: ChatCompletionParams;
  timeZone?: string;
  deadlineMs: number;
  /** The claimed turn (beginGeneration); callers may have streamed events on it already. */
  live: LiveGeneration;
  /** Titles a new conversation after its first answer (default); one column of a comparison does. */
  title?: boolean;
  /** The first step's model call, sent before the turn was saved (startFirstTurn). */
  headStart?: HeadStart;
}

type Provider = NonNullable<ReturnType<typeof turnProvider>>;

/** The configured provider a turn calls: callers resolved it; the default covers one naming none. */
export function turnProvider(name?: string) {
  const registry = getProviderRegistry();
  return (
    (name ? registry.get(name) : undefined) ??
    registry.get(registry.defaultChoice.provider) ??
    registry.providers[0]
  );
}

/** What a turn's model request is built from: its history, and what its provider and model accept. */
export async function turnRequestInput(
  provider: Provider,
  o: Pick<LaunchOptions, 'db' | 'branch' | 'model' | 'params'> & {
    conversation: Pick<Conversation, 'id' | 'settings' | 'assistant'>;
  },
): Promise<TurnRequestInput> {
  return {
    db: o.db,
    conversationId: o.conversation.id,
    branch: o.branch,
    model: o.model,
    params: o.params,
    settings: o.conversation.settings,
    references: o.conversation.assistant?.files,
    contextWindow: provider.contextWindow(o.model),
    reasoningEffort: provider.supportsReasoningEffort(o.model),
    vision: provider.supportsVision(o.model),
    tools: await enabledTools(o.conversation.settings),
  };
}

/** Starts a turn in the background and returns the browser's end of its event stream. */
export function launchTurn(o: LaunchOptions): LaunchedTurn {
  const { live } = o;
  const sink = live.sink;
  sink.send(
    encodeSSE(
      {
        conversationId: o.conversation.id,
        conversation: o.conversation,
        generationId: live.id,
        userMessage: o.userMessage,
        assistantMessage: o.assistant,
      },
      'start',
    ),
  );

  const deadline = setTimeout(() => live.abort('deadline'), o.deadlineMs);
  const provider = turnProvider(o.provider);
  if (!provider) {
    o.headStart?.cancel();
    void live.finish('failed');
    throw new Error('no provider is configured');
  }

  const work = (async () => {
    let changed: ChatMessage[] = [];
    try {
      changed = await runTurn({
        ...(await turnRequestInput(provider, o)),
        userId: o.userId,
        upstream: o.headStart?.upstream ?? provider.upstream,
        assistant: o.assistant,
        sink,
        signal: live.signal,
        secrets: provider.secrets,
        timeZone: o.timeZone,
      });
    } catch (error) {
      // runTurn saves as it goes and never throws on provider trouble; this is a bug or the DB.
      log.error({ err: error, conversationId: o.conversation.id }, 'a turn failed');
    } finally {
      clearTimeout(deadline);
      o.headStart?.cancel();
      const messages = [
        ...(o.userMessage ? [o.userMessage] : []),
        ...(o.changedBefore ?? []),
        ...changed,
      ];
      sink.send(encodeSSE({ messages }, 'done'));
      sink.close();
      // Releases a waiting Stop request and every resumed stream; after the answer is saved.
      await live
        .finish()
        .catch((error) => log.error({ err: error }, 'closing a live answer failed'));
    }
    if (o.title === false) return;
    // After `done`, so the browser never waits for it; the browser refetches the title.
    await titleAfterFirstTurn({
      db: o.db,
      upstream: provider.upstream,
      model: o.model,
      conversationId: o.conversation.id,
      branch: o.branch,
      turn: changed,
    }).catch((error) =>
      log.warn({ err: error, conversationId: o.conversation.id }, 'titling a conversation failed'),
    );
  })();

  return { stream: sink.stream, finished: work };
}
