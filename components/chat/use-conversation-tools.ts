'use client';
import { useCallback, useState } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { useUpdateSettings } from '@/lib/queries/tools';

/**
 * The tools a conversation may use: saved with an existing conversation; a new one keeps the
 * choice here (`draftTools`) until its first message creates it.
 */
export function useConversationTools(
  conversationId: string | null,
  data: ConversationDetail | undefined,
) {
  const [draftTools, setDraftTools] = useState<string[] | undefined>(undefined);
  const updateSettings = useUpdateSettings(conversationId ?? '');
  const enabledTools = conversationId ? data?.conversation.settings.tools : draftTools;
  const setTools = useCallback(
    (tools: string[]) => {
      if (conversationId) updateSettings.mutate({ ...data?.conversation.settings, tools });
      else setDraftTools(tools);
    },
    [conversationId, updateSettings, data?.conversation.settings],
  );
  return { draftTools, enabledTools, setTools };
}
