'use client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail, ToolsResponse } from '@/lib/chat/api-types';
import type { Conversation, ConversationSettings } from '@/lib/chat/types';
import { conversationKeys } from './conversations';
import { fetchJson } from './fetch-json';

export const toolKeys = {
  all: ['tools'] as const,
  list: () => [...toolKeys.all, 'list'] as const,
};

export const toolListOptions = () =>
  queryOptions({
    queryKey: toolKeys.list(),
    queryFn: ({ signal }) => fetchJson<ToolsResponse>('/api/tools', { signal }),
    staleTime: 60_000,
  });

export function useTools() {
  return useQuery(toolListOptions());
}

/** Saves a conversation's settings, optimistically: the menu reflects the change at once. */
export function useUpdateSettings(conversationId: string) {
  const queryClient = useQueryClient();
  const key = conversationKeys.detail(conversationId);
  return useMutation({
    // The toast (QueryClient's mutation cache) says why.
    meta: { errorMessage: 'Could not save the settings' },
    mutationFn: (settings: ConversationSettings) =>
      fetchJson<{ conversation: Conversation }>(
        `/api/conversations/${encodeURIComponent(conversationId)}/settings`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(settings),
        },
      ),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ConversationDetail>(key);
      queryClient.setQueryData<ConversationDetail>(key, (old) =>
        old ? { ...old, conversation: { ...old.conversation, settings } } : old,
      );
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
