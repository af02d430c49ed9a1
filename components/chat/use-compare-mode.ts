'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ModelChoice } from '@/lib/queries/models';
import type { SendInput } from './use-chat-turn';

// Compare mode on the chat screen: the models picked in the message box (two or more = on), and
// the latest comparison while any of its answers is being written. Everything else of it (the
// picker, the columns, sending, each answer's stream) is in ./compare, loaded on demand.

interface Options {
  data: ConversationDetail | undefined;
  conversationId: string | null;
  timeZone: string;
  onConversationCreated(id: string): void;
}

export function useCompareMode({ data, conversationId, timeZone, onConversationCreated }: Options) {
  const [models, setModels] = useState<ModelChoice[]>([]);
  const queryClient = useQueryClient();
  const live = data?.comparisons;
  return {
    models,
    setModels,
    on: models.length >= 2,
    send: (input: SendInput) =>
      import('./compare').then((m) =>
        m.sendComparison(input, {
          queryClient,
          conversationId,
          models,
          timeZone,
          onConversationCreated,
        }),
      ),
    /** Any answer of a comparison is being written. */
    comparing: Object.values(live ?? {})
      .flat()
      .some((c) => c.messages.some((m) => m.status === 'streaming')),
    /** Stops every answer of a comparison still being written. */
    stop: () => void import('./compare').then((m) => m.stopComparisons(live ?? {})),
  };
}
