'use client';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useRef } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { refreshTitleSoon } from '@/lib/queries/conversation-history';
import { conversationKeys, withFinishedTurn } from '@/lib/queries/conversations';
import type { FinishedTurn, TurnOutcome } from '@/lib/store/stream-driver';
import type { DriverHandle } from './use-stream-driver';

/** One request that streams a turn: a message, a retry, an edit or a tool decision. */
export interface TurnToRun {
  url: string;
  body: Record<string, unknown>;
  userMessage: ChatMessage | null;
  turn?: ChatMessage[];
  replaces?: string | null;
}

interface Options {
  drivers: DriverHandle;
  conversationRef: RefObject<string | null>;
  onConversationCreated(id: string): void;
  timeZone?: string;
}

/**
 * Streams one turn through the driver and settles it in the Query cache and the URL. Resolves
 * false when the server refused before anything was saved (the caller keeps the draft).
 */
export function useRunTurn({ drivers, conversationRef, onConversationCreated, timeZone }: Options) {
  const queryClient = useQueryClient();
  // A send waiting for the driver's chunk: a second one meanwhile is refused, not doubled.
  const waiting = useRef(false);
  return useCallback(
    async (input: TurnToRun): Promise<boolean> => {
      const currentId = conversationRef.current;
      if (waiting.current) return false;
      waiting.current = true;
      const driver = await drivers.get().catch(() => null);
      waiting.current = false;
      if (!driver) {
        // Its chunk could not be loaded (offline, or a new deployment): nothing was sent.
        if (currentId)
          void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(currentId) });
        return false;
      }
      const outcome: TurnOutcome = await driver.start({
        ...input,
        body: { ...input.body, ...(timeZone ? { timeZone } : {}) },
        onStarted(id) {
          // The URL follows at once; the screen adopts the id when the turn is over, so it
          // never fetches a copy of what it is still streaming.
          if (!currentId) {
            window.history.replaceState(null, '', `/c/${id}`);
            // The server has created the conversation: the sidebar lists it now, not at the end.
            void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
          }
        },
        onFinished(turn: FinishedTurn) {
          const key = conversationKeys.detail(turn.conversationId);
          queryClient.setQueryData<ConversationDetail>(key, (old) => withFinishedTurn(old, turn));
          if (!currentId) {
            onConversationCreated(turn.conversationId);
            // Its generated title lands just after the first answer.
            refreshTitleSoon(queryClient, turn.conversationId);
          }
          void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
        },
      });
      switch (outcome.kind) {
        case 'done':
        case 'aborted':
          return true;
        case 'detached':
          // The server still owns the turn: show its copy.
          await queryClient.invalidateQueries({
            queryKey: conversationKeys.detail(outcome.conversationId),
          });
          return true;
        case 'refused':
          // The optimistic cut (retry, edit) is undone by the server's copy.
          if (currentId)
            void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(currentId) });
          return false;
      }
    },
    [drivers, queryClient, conversationRef, onConversationCreated, timeZone],
  );
}
