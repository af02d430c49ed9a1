'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ModelSettings } from '@/lib/chat/model-settings';
import { blankMessage } from '@/lib/chat/blank-message';
import { createReasoningClock, fieldsFromStream } from '@/lib/chat/from-stream';
import { type ChatStreamHandlers, ChatRequestError, streamChat } from '@/lib/chat/stream-client';
import type { ChatError, ChatMessage } from '@/lib/chat/types';
import { accumulate, initialStreamState } from '@/lib/openai/accumulate';
import { refreshTitleSoon } from '@/lib/queries/conversation-history';
import { conversationKeys, mergeMessages } from '@/lib/queries/conversations';
import { conversationStore } from '@/lib/store/conversation-store';

export interface SendInput {
  content?: string;
  /** Answer again (a retry, or Regenerate on any turn): the old answer stays as a version. */
  retryOf?: string;
  /** With `content`: a new version of this user message, answered; the old one stays. */
  editOf?: string;
  /** Tools for a new conversation (an existing one keeps its own setting). */
  tools?: string[];
  /** The picked model: a configured provider's name and one of its model ids. */
  provider?: string;
  model?: string;
  /** Model settings for a new conversation (an existing one keeps its own). */
  settings?: ModelSettings;
}

interface Options {
  conversationId: string | null;
  onConversationCreated(id: string): void;
  timeZone?: string;
  /**
   * Least time between two renders of the streaming answer. Re-rendering markdown for every token
   * at 100 tokens/s costs more than the eye gains; 50 ms still reads as smooth streaming.
   */
  minRenderGapMs?: number;
}

const frame = (cb: () => void): unknown =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16);

function requestStop(messageId: string) {
  return fetch(`/api/chat/${encodeURIComponent(messageId)}/stop`, { method: 'POST' }).catch(() => {
    // The stream's own `done` event settles the UI; a failed stop leaves the answer running.
  });
}

function localUserMessage(content: string, conversationId: string | null): ChatMessage {
  return blankMessage({
    id: `local-${crypto.randomUUID()}`,
    conversationId: conversationId ?? '',
    role: 'user',
    content,
    createdAt: new Date().toISOString(),
  });
}

/** The shown branch up to (not including) `messageId`. */
function cutAt(detail: ConversationDetail, messageId: string): ConversationDetail {
  const at = detail.messages.findIndex((m) => m.id === messageId);
  return at === -1 ? detail : { ...detail, messages: detail.messages.slice(0, at) };
}

/**
 * Streams a turn (a sent message, a retry, or a tool approval) into the live store, writing it
 * at most once per animation frame, and hands the finished turn to the Query cache. `send`
 * resolves false when the server refused before anything was saved (the caller keeps the draft).
 */
export function useChatTurn({
  conversationId,
  onConversationCreated,
  timeZone,
  minRenderGapMs = 50,
}: Options) {
  const queryClient = useQueryClient();
  const abortRef = useRef<AbortController | null>(null);
  const conversationRef = useRef(conversationId);
  conversationRef.current = conversationId;

  useEffect(
    () => () => {
      // Leaving the page only detaches: the server finishes and saves the answer.
      abortRef.current?.abort();
      conversationStore.actions().turnEnded();
    },
    [],
  );

  const run = useCallback(
    async (url: string, body: Record<string, unknown>): Promise<boolean> => {
      const actions = conversationStore.actions();
      const currentId = conversationRef.current;
      const controller = new AbortController();
      abortRef.current = controller;
      // The server sends normalized chunks: a think block already arrives as reasoning.
      let state = initialStreamState({ thinkTags: false });
      let clock = createReasoningClock();
      let base: ChatMessage | null = null;
      let convId = currentId;
      let framePending = false;
      let lastFlush = Number.NEGATIVE_INFINITY;

      const flush = () => {
        framePending = false;
        lastFlush = performance.now();
        if (!base || controller.signal.aborted) return;
        const fields = fieldsFromStream(state);
        clock.update(fields);
        actions.upsert({
          ...base,
          ...fields,
          model: fields.model ?? base.model,
          reasoningMs: clock.value(),
        });
      };
      const follow = (assistant: ChatMessage) => {
        base = assistant;
        state = initialStreamState({ thinkTags: false });
        clock = createReasoningClock();
        actions.upsert(assistant);
      };

      const handlers: ChatStreamHandlers = {
        onStart(event) {
          convId = event.conversationId;
          actions.turnStarted(
            event.conversationId,
            event.userMessage ?? conversationStore.get().live?.userMessage ?? null,
          );
          // The URL follows at once; the screen adopts the id when the turn is over, so it
          // never fetches a copy of what it is still streaming.
          if (!currentId) window.history.replaceState(null, '', `/c/${event.conversationId}`);
          follow(event.assistantMessage);
          if (conversationStore.get().live?.stopRequested)
            void requestStop(event.assistantMessage.id);
        },
        onStep(event) {
          follow(event.assistantMessage);
        },
        onChunk(chunk) {
          state = accumulate(state, { type: 'chunk', chunk });
          if (!framePending) {
            framePending = true;
            const wait = lastFlush + minRenderGapMs - performance.now();
            if (wait <= 0) frame(flush);
            else setTimeout(() => frame(flush), wait);
          }
        },
        onMessage({ message }) {
          // A finished step arrives as saved; later chunks belong to the next step.
          if (message.id === base?.id) base = null;
          actions.upsert(message);
        },
        onError() {
          // Errors also arrive on the saved messages.
        },
        onDone({ messages }) {
          const live = conversationStore.get().live;
          if (convId) {
            const id = convId;
            const turn = [
              ...(live?.userMessage && !live.userMessage.id.startsWith('local-')
                ? [live.userMessage]
                : []),
              ...(live?.messages ?? []),
              ...messages,
            ];
            const replaces = live?.replaces;
            queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
              mergeMessages(old && replaces ? cutAt(old, replaces) : old, id, turn),
            );
            // Same task as turnEnded, so React renders the hand-off in one commit.
            if (!currentId) onConversationCreated(id);
            void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
            // Its generated title lands just after the first answer.
            if (!currentId) refreshTitleSoon(queryClient, id);
          }
          actions.turnEnded();
          void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
        },
      };

      try {
        await streamChat(
          url,
          { ...body, ...(timeZone ? { timeZone } : {}) },
          handlers,
          controller.signal,
        );
        if (conversationStore.get().live) {
          // The stream ended without `done`: the server still owns the turn, so show its copy.
          actions.turnEnded();
          if (convId)
            await queryClient.invalidateQueries({ queryKey: conversationKeys.detail(convId) });
        }
        return true;
      } catch (error) {
        if (controller.signal.aborted) return true;
        if (error instanceof ChatRequestError) {
          const sendError: ChatError = {
            code: error.code,
            message: error.message,
            retryable: error.status >= 500,
          };
          actions.sendFailed(sendError);
          if (currentId)
            void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(currentId) });
          return false;
        }
        // The connection to Parley dropped mid-answer; the server keeps generating and saving.
        actions.turnEnded();
        if (convId) {
          await queryClient.invalidateQueries({ queryKey: conversationKeys.detail(convId) });
          return true;
        }
        actions.sendFailed({
          code: 'network',
          message: 'Could not reach the Parley server. Check your connection and try again.',
          retryable: true,
        });
        return false;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [queryClient, onConversationCreated, timeZone, minRenderGapMs],
  );

  const send = useCallback(
    async (input: SendInput): Promise<boolean> => {
      if (conversationStore.get().live) return false;
      const currentId = conversationRef.current;
      const actions = conversationStore.actions();
      const { retryOf, editOf } = input;
      // The answer (or message) being replaced leaves the screen now, with everything after it
      // on its branch; the new version streams in its place. The server keeps the old ones.
      // The live turn hides them too, so a refetch landing meanwhile cannot bring them back.
      const replaced = retryOf ?? editOf ?? null;
      if (retryOf) actions.turnBegan(null, [], replaced);
      else actions.turnBegan(localUserMessage(input.content ?? '', currentId), [], replaced);
      if (replaced && currentId) {
        void queryClient.cancelQueries({ queryKey: conversationKeys.detail(currentId) });
        queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(currentId), (old) =>
          old ? cutAt(old, replaced) : old,
        );
      }
      return run('/api/chat', {
        ...(currentId ? { conversationId: currentId } : {}),
        ...(retryOf ? { retryOf } : { content: input.content, ...(editOf ? { editOf } : {}) }),
        ...(!currentId && input.tools ? { tools: input.tools } : {}),
        ...(input.provider && input.model ? { provider: input.provider, model: input.model } : {}),
        ...(!currentId && input.settings ? { settings: input.settings } : {}),
      });
    },
    [queryClient, run],
  );

  /** Approves or denies a tool call that waits for the user; the turn continues live. */
  const decide = useCallback(
    async (toolMessageId: string, approve: boolean) => {
      const id = conversationRef.current;
      if (conversationStore.get().live || !id) return;
      const detail = queryClient.getQueryData<ConversationDetail>(conversationKeys.detail(id));
      const messages = detail?.messages ?? [];
      const at = messages.findIndex((m) => m.id === toolMessageId);
      // Resume the whole turn live, so it stays one article on screen.
      let start = at;
      while (start > 0 && messages[start - 1]?.role !== 'user') start--;
      let end = at;
      while (end + 1 < messages.length && messages[end + 1]?.role !== 'user') end++;
      conversationStore.actions().turnBegan(null, at === -1 ? [] : messages.slice(start, end + 1));
      await run(`/api/chat/tools/${encodeURIComponent(toolMessageId)}`, { approve });
    },
    [queryClient, run],
  );

  /**
   * Stops the answer streaming here, or (after a reload) the one the server is still writing,
   * which this tab only follows by polling.
   */
  const stop = useCallback(
    async (followedId?: string) => {
      const live = conversationStore.get().live;
      if (live) {
        if (live.stopRequested) return;
        conversationStore.actions().stopRequested();
        const current = live.messages.findLast((m) => m.role === 'assistant');
        if (current) void requestStop(current.id);
        return;
      }
      const id = conversationRef.current;
      if (!followedId || !id) return;
      await requestStop(followedId);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
    },
    [queryClient],
  );

  return { send, decide, stop };
}
