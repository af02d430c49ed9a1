'use client';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useRef } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { conversationKeys, withFinishedTurn } from '@/lib/queries/conversations';
import { conversationStore } from '@/lib/store/conversation-store';
import type { FinishedTurn } from '@/lib/store/stream-driver';
import type { DriverHandle } from './use-stream-driver';

/**
 * Follows an answer the server is writing for another request (a reload, a second tab, a
 * dropped connection): its turn is replayed from the server's event log, then streams live.
 */
export function useFollowAnswer(drivers: DriverHandle, conversationRef: RefObject<string | null>) {
  const queryClient = useQueryClient();
  const following = useRef<string | null>(null);
  return useCallback(
    async (messageId: string) => {
      const id = conversationRef.current;
      if (!id || conversationStore.get().live || following.current === messageId) return;
      following.current = messageId;
      const key = conversationKeys.detail(id);
      const saved = () => queryClient.getQueryData<ConversationDetail>(key)?.messages ?? [];
      try {
        // Its chunk failed to load: the saved copy stays on screen, as after a dropped stream.
        const driver = await drivers.get().catch(() => null);
        if (!driver || conversationStore.get().live) return;
        for (;;) {
          const messages = saved();
          const at = messages.findIndex((m) => m.id === messageId);
          let start = at;
          while (start > 0 && messages[start - 1]?.role !== 'user') start--;
          const outcome = await driver.resume({
            conversationId: id,
            messageId,
            turn: at === -1 ? [] : messages.slice(start),
            onFinished(turn: FinishedTurn) {
              queryClient.setQueryData<ConversationDetail>(key, (old) =>
                withFinishedTurn(old, turn),
              );
              void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
            },
          });
          if (outcome.kind === 'done' || outcome.kind === 'aborted') return;
          // The resumed stream ended early (a dropped connection, the platform's time limit):
          // show the saved copy, and follow again while the server is still writing. Never a
          // tight loop of reconnects when the server keeps ending the stream early.
          if (outcome.kind === 'detached') await queryClient.invalidateQueries({ queryKey: key });
          await new Promise((r) => setTimeout(r, 1_000));
          const still = saved().find((m) => m.id === messageId)?.status === 'streaming';
          if (outcome.kind !== 'detached' || !still) return;
          if (conversationRef.current !== id || conversationStore.get().live) return;
        }
      } finally {
        following.current = null;
      }
    },
    [drivers, queryClient, conversationRef],
  );
}
