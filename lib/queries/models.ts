'use client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail, ModelOption, ModelsResponse } from '@/lib/chat/api-types';
import type { Conversation } from '@/lib/chat/types';
import { conversationKeys } from './conversations';
import { fetchJson } from './fetch-json';

export const modelKeys = {
  all: ['models'] as const,
  list: () => [...modelKeys.all, 'list'] as const,
};

export const modelListOptions = () =>
  queryOptions({
    queryKey: modelKeys.list(),
    queryFn: ({ signal }) => fetchJson<ModelsResponse>('/api/models', { signal }),
    // The server caches each provider's list for five minutes too.
    staleTime: 5 * 60_000,
  });

export function useModels() {
  return useQuery(modelListOptions());
}

/** A model as the browser names it in requests: a configured provider and one of its models. */
export interface ModelChoice {
  provider: string;
  model: string;
}

/** The listed option for `choice`; a choice without a provider matches the model anywhere. */
export function findModel(
  list: ModelsResponse | undefined,
  choice: { provider?: string | null; model: string | null } | null,
): ModelOption | undefined {
  if (!list || !choice?.model) return undefined;
  return list.models.find(
    (m) => m.id === choice.model && (!choice.provider || m.provider === choice.provider),
  );
}

/** The server's default model, once the list is known. */
export function defaultModel(list: ModelsResponse | undefined): ModelOption | undefined {
  return findModel(list, { provider: list?.defaultProvider, model: list?.defaultModel ?? null });
}

/** Saves a conversation's model, optimistically: the picker shows the choice at once. */
export function useSetConversationModel(conversationId: string) {
  const queryClient = useQueryClient();
  const key = conversationKeys.detail(conversationId);
  return useMutation({
    // The toast (QueryClient's mutation cache) says why.
    meta: { errorMessage: 'Could not switch the model' },
    mutationFn: (choice: ModelChoice) =>
      fetchJson<{ conversation: Conversation }>(
        `/api/conversations/${encodeURIComponent(conversationId)}/model`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(choice),
        },
      ),
    onMutate: async (choice) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ConversationDetail>(key);
      queryClient.setQueryData<ConversationDetail>(key, (old) =>
        old
          ? {
              ...old,
              conversation: { ...old.conversation, provider: choice.provider, model: choice.model },
            }
          : old,
      );
      return { previous };
    },
    onError: (_error, _choice, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
