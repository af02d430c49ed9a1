'use client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assistant } from '@/lib/chat/assistants';
import { fetchJson } from './fetch-json';

// Assistants: the deployment's configured ones and the user's own (GET /api/assistants).

export const assistantKeys = {
  all: ['assistants'] as const,
  list: () => [...assistantKeys.all, 'list'] as const,
};

export const assistantListOptions = () =>
  queryOptions({
    queryKey: assistantKeys.list(),
    queryFn: ({ signal }) => fetchJson<{ items: Assistant[] }>('/api/assistants', { signal }),
    staleTime: 30_000,
  });

export function useAssistants() {
  return useQuery(assistantListOptions());
}

/** The fields the editor sends (POST /api/assistants, PUT /api/assistants/[id]). */
export interface AssistantDraft {
  name: string;
  description: string;
  avatar: string;
  systemPrompt: string;
  provider: string | null;
  model: string | null;
  settings: Assistant['settings'];
  tools: string[] | null;
  starters: string[];
  /** Ids of files kept and of new uploads. */
  files: string[];
}

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined
    ? {}
    : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
});

/** Every change to an assistant refreshes the list when it settles. */
function useAssistantMutation<V>(
  errorMessage: string,
  mutationFn: (input: V) => Promise<{ assistant: Assistant } | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage },
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantKeys.all }),
  });
}

const path = (id: string, rest = '') => `/api/assistants/${encodeURIComponent(id)}${rest}`;

export const useSaveAssistant = () =>
  useAssistantMutation(
    'Could not save the assistant',
    (input: { id?: string; draft: AssistantDraft }) =>
      input.id
        ? fetchJson<{ assistant: Assistant }>(path(input.id), json('PUT', input.draft))
        : fetchJson<{ assistant: Assistant }>('/api/assistants', json('POST', input.draft)),
  );

export const useDuplicateAssistant = () =>
  useAssistantMutation('Could not duplicate the assistant', (id: string) =>
    fetchJson<{ assistant: Assistant }>(path(id, '/duplicate'), json('POST')),
  );

export const useDeleteAssistant = () =>
  useAssistantMutation('Could not delete the assistant', async (id: string) => {
    const res = await fetch(path(id), json('DELETE'));
    if (!res.ok && res.status !== 404) throw new Error(`HTTP ${res.status}`);
    return null;
  });

export const useShareAssistant = () =>
  useAssistantMutation(
    'Could not change the link',
    async (input: { id: string; share: { showPrompt: boolean } | null }) => {
      if (input.share) {
        return fetchJson<{ assistant: Assistant }>(
          path(input.id, '/share'),
          json('PUT', input.share),
        );
      }
      const res = await fetch(path(input.id, '/share'), json('DELETE'));
      if (!res.ok && res.status !== 404) throw new Error(`HTTP ${res.status}`);
      return null;
    },
  );

/** "Use this assistant" on a shared page: a copy in the visitor's own list. */
export const useSharedAssistantCopy = () =>
  useAssistantMutation('Could not add the assistant', (shareId: string) =>
    fetchJson<{ assistant: Assistant }>(
      `/api/assistant-shares/${encodeURIComponent(shareId)}/use`,
      json('POST'),
    ),
  );
