'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '@/lib/chat/api-types';
import { conversationKeys } from './conversations';
import { fetchJson } from './fetch-json';

/** Asks the server to show another version of a message; it answers with the new view. */
export function putBranch(conversationId: string, messageId: string): Promise<ConversationDetail> {
  return fetchJson<ConversationDetail>(
    `/api/conversations/${encodeURIComponent(conversationId)}/branch`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messageId }),
    },
  );
}

/**
 * Switches the conversation to another version of a message ("‹ 2/3 ›"). The server's answer
 * replaces the cached conversation at once; on failure a toast says why (`meta`) and the cache is
 * refetched.
 */
export function useSwitchBranch(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    // The toast (QueryClient's mutation cache) says why.
    meta: { errorMessage: 'Could not show that version' },
    mutationFn: async (messageId: string) => {
      if (!conversationId) throw new Error('No conversation to switch.');
      const key = conversationKeys.detail(conversationId);
      // A refetch still in flight would otherwise land after, showing the old branch again.
      await queryClient.cancelQueries({ queryKey: key });
      const detail = await putBranch(conversationId, messageId);
      queryClient.setQueryData<ConversationDetail>(key, detail);
      return detail;
    },
    onError: () => {
      if (conversationId)
        void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
    },
  });
}
