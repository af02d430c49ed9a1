'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { blankMessage } from '@/lib/chat/blank-message';
import type { ModelSettings } from '@/lib/chat/model-settings';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { ChatMessage } from '@/lib/chat/types';
import { conversationKeys, cutAt } from '@/lib/queries/conversations';
import { conversationStore } from '@/lib/store/conversation-store';
import { navigation } from '@/lib/store/navigation-store';
import { requestStop } from '@/lib/store/request-stop';
import { useFollowAnswer } from './use-follow-answer';
import { useRunTurn } from './use-run-turn';
import { useStreamDriver } from './use-stream-driver';

export interface SendInput {
  content?: string;
  /** Uploaded files sent with a new message (their ids go in the request). */
  attachments?: AttachmentMeta[];
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
  /** A new conversation starts from this assistant (its settings win over the ones above). */
  assistantId?: string;
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

function localUserMessage(
  content: string,
  conversationId: string | null,
  attachments?: AttachmentMeta[],
): ChatMessage {
  return blankMessage({
    id: `local-${crypto.randomUUID()}`,
    conversationId: conversationId ?? '',
    role: 'user',
    content,
    ...(attachments?.length ? { attachments } : {}),
    createdAt: new Date().toISOString(),
  });
}

/**
 * Connects the stream driver (lib/store) to React, the Query cache and the URL: a sent message,
 * a retry or a tool approval streams live, and the finished turn enters the cache once, from the
 * server's `done` event. `send` resolves false when the server refused before anything was
 * saved (the caller keeps the draft).
 */
export function useChatTurn({
  conversationId,
  onConversationCreated,
  timeZone,
  minRenderGapMs = 50,
}: Options) {
  const queryClient = useQueryClient();
  const driver = useStreamDriver(minRenderGapMs);
  const conversationRef = useRef(conversationId);
  conversationRef.current = conversationId;

  const run = useRunTurn({ drivers: driver, conversationRef, onConversationCreated, timeZone });

  const send = useCallback(
    async (input: SendInput): Promise<boolean> => {
      // A chat link was clicked and its page is on its way: the screen already shows where
      // it goes, and the message waits for that page rather than go to the one being left.
      if (navigation.inProgress()) {
        if (input.retryOf || input.editOf) return false;
        const { content = '', attachments } = input;
        navigation.hold({ content, ...(attachments?.length ? { attachments } : {}) });
        return true;
      }
      if (conversationStore.get().live) return false;
      const currentId = conversationRef.current;
      const { retryOf, editOf } = input;
      // The answer (or message) being replaced leaves the screen now, with everything after it
      // on its branch; the new version streams in its place. The server keeps the old ones.
      // The live turn hides them too, so a refetch landing meanwhile cannot bring them back.
      const replaces = retryOf ?? editOf ?? null;
      if (replaces && currentId) {
        void queryClient.cancelQueries({ queryKey: conversationKeys.detail(currentId) });
        queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(currentId), (old) =>
          old ? cutAt(old, replaces) : old,
        );
      }
      return run({
        url: '/api/chat',
        userMessage: retryOf
          ? null
          : localUserMessage(input.content ?? '', currentId, input.attachments),
        replaces,
        body: {
          ...(currentId ? { conversationId: currentId } : {}),
          ...(retryOf ? { retryOf } : { content: input.content, ...(editOf ? { editOf } : {}) }),
          ...(input.attachments?.length ? { attachments: input.attachments.map((a) => a.id) } : {}),
          ...(!currentId && input.tools ? { tools: input.tools } : {}),
          ...(input.provider && input.model
            ? { provider: input.provider, model: input.model }
            : {}),
          ...(!currentId && input.settings ? { settings: input.settings } : {}),
          ...(!currentId && input.assistantId ? { assistantId: input.assistantId } : {}),
        },
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
      await run({
        url: `/api/chat/tools/${encodeURIComponent(toolMessageId)}`,
        body: { approve },
        userMessage: null,
        turn: at === -1 ? [] : messages.slice(start, end + 1),
      });
    },
    [queryClient, run],
  );

  const follow = useFollowAnswer(driver, conversationRef);

  /** Stops the answer streaming (or followed) here, or one the server is still writing. */
  const stop = useCallback(
    async (followedId?: string) => {
      if (conversationStore.get().live) return driver.current()?.stop();
      const id = conversationRef.current;
      if (!followedId || !id) return;
      await requestStop(followedId);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
    },
    [driver, queryClient],
  );

  return { send, decide, stop, follow };
}
