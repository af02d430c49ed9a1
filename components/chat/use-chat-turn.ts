'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { createReasoningClock, fieldsFromStream } from '@/lib/chat/from-stream';
import { ChatRequestError, streamChat } from '@/lib/chat/stream-client';
import type { ChatError, ChatMessage } from '@/lib/chat/types';
import { accumulate, initialStreamState } from '@/lib/openai/accumulate';
import { conversationKeys, withTurn } from '@/lib/queries/conversations';
import { conversationStore } from '@/lib/store/conversation-store';

export interface SendInput {
  content?: string;
  retryOf?: string;
}

interface Options {
  conversationId: string | null;
  onConversationCreated(id: string): void;
  timeZone?: string;
}

const frame = (cb: () => void): unknown =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16);

function requestStop(messageId: string) {
  return fetch(`/api/chat/${encodeURIComponent(messageId)}/stop`, { method: 'POST' }).catch(() => {
    // The stream's own `done` event settles the UI; a failed stop leaves the answer running.
  });
}

/**
 * Sends a message and feeds the streamed answer into the live store, at most once per animation
 * frame; hands the finished turn to the Query cache. Returns false when the server refused the
 * message before anything was saved (the caller restores the draft).
 */
export function useChatTurn({ conversationId, onConversationCreated, timeZone }: Options) {
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

  const send = useCallback(
    async (input: SendInput): Promise<boolean> => {
      const actions = conversationStore.actions();
      if (conversationStore.get().live) return false;
      const currentId = conversationRef.current;
      const now = new Date().toISOString();
      const optimistic: ChatMessage | null = input.retryOf
        ? null
        : {
            id: `local-${crypto.randomUUID()}`,
            conversationId: currentId ?? '',
            parentId: null,
            role: 'user',
            content: input.content ?? '',
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
            createdAt: now,
          };
      actions.turnBegan(optimistic);
      const retryOf = input.retryOf;
      if (retryOf && currentId) {
        // The retried answer leaves the screen now; its replacement streams in its place.
        queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(currentId), (old) =>
          old ? { ...old, messages: old.messages.filter((m) => m.id !== retryOf) } : old,
        );
      }

      const controller = new AbortController();
      abortRef.current = controller;
      let state = initialStreamState();
      const clock = createReasoningClock();
      let base: ChatMessage | null = null;
      let userMessage: ChatMessage | null = null;
      let convId = currentId;
      let framePending = false;

      const flush = () => {
        framePending = false;
        if (!base || controller.signal.aborted) return;
        const fields = fieldsFromStream(state);
        clock.update(fields);
        actions.frame({
          ...base,
          ...fields,
          model: fields.model ?? base.model,
          reasoningMs: clock.value(),
        });
      };

      try {
        await streamChat(
          {
            ...(currentId ? { conversationId: currentId } : {}),
            ...(input.retryOf ? { retryOf: input.retryOf } : { content: input.content }),
            ...(timeZone ? { timeZone } : {}),
          },
          {
            onStart(event) {
              base = event.assistantMessage;
              userMessage = event.userMessage;
              convId = event.conversationId;
              actions.turnStarted(
                event.conversationId,
                optimistic ? event.userMessage : null,
                event.assistantMessage,
              );
              // The URL follows at once; the screen adopts the id when the turn is over, so
              // it never fetches a copy of what it is still streaming.
              if (!currentId) window.history.replaceState(null, '', `/c/${event.conversationId}`);
              if (conversationStore.get().live?.stopRequested) void requestStop(base.id);
            },
            onChunk(chunk) {
              state = accumulate(state, { type: 'chunk', chunk });
              if (!framePending) {
                framePending = true;
                frame(flush);
              }
            },
            onError() {
              // The error also arrives on the final message in `done`.
            },
            onDone({ message }) {
              if (convId && userMessage) {
                const id = convId;
                const user = userMessage;
                queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
                  withTurn(old, id, user, message),
                );
                // Same task as turnEnded, so React renders the hand-off in one commit.
                if (!currentId) onConversationCreated(id);
              }
              actions.turnEnded();
              void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
            },
          },
          controller.signal,
        );
        if (conversationStore.get().live) {
          // The stream ended without `done`: the server still owns the answer, so show its copy.
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
          if (retryOf && currentId)
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
        if (!currentId && convId && !controller.signal.aborted) onConversationCreated(convId);
      }
    },
    [queryClient, onConversationCreated, timeZone],
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
        if (live.assistant) void requestStop(live.assistant.id);
        return;
      }
      const id = conversationRef.current;
      if (!followedId || !id) return;
      await requestStop(followedId);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
    },
    [queryClient],
  );

  return { send, stop };
}
