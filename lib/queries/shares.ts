'use client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationShareStatus, ShareList, ShareSummary } from '@/lib/share/types';
import { fetchJson } from './fetch-json';

export const shareKeys = {
  all: ['shares'] as const,
  lists: () => [...shareKeys.all, 'list'] as const,
  list: () => [...shareKeys.lists()] as const,
  statuses: () => [...shareKeys.all, 'status'] as const,
  status: (conversationId: string) => [...shareKeys.statuses(), conversationId] as const,
};

const JSON_HEADERS = { 'content-type': 'application/json' };
const statusUrl = (conversationId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/share`;
const shareUrl = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;

export const shareStatusOptions = (conversationId: string) =>
  queryOptions({
    queryKey: shareKeys.status(conversationId),
    queryFn: ({ signal }) =>
      fetchJson<ConversationShareStatus>(statusUrl(conversationId), { signal }),
    // The conversation may have grown since: ask again each time the dialog opens.
    staleTime: 0,
  });

/** The conversation's link and secret warnings; only fetched while `enabled` (dialog open). */
export function useShareStatus(conversationId: string, enabled: boolean) {
  return useQuery({ ...shareStatusOptions(conversationId), enabled });
}

export const shareListOptions = () =>
  queryOptions({
    queryKey: shareKeys.list(),
    queryFn: ({ signal }) => fetchJson<ShareList>('/api/shares', { signal }),
    staleTime: 0,
  });

export function useShareList(enabled: boolean) {
  return useQuery({ ...shareListOptions(), enabled });
}

/** After any change the status of every conversation and the list may differ: refetch both. */
function useInvalidateShares() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shareKeys.all });
}

export function useCreateShare(conversationId: string) {
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: (input: { indexable: boolean; includeAttachments?: boolean }) =>
      fetchJson<{ share: ShareSummary }>(statusUrl(conversationId), {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify(input),
      }),
    onSettled: invalidate,
  });
}

export function useUpdateShare() {
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: (input: {
      shareId: string;
      refresh?: boolean;
      indexable?: boolean;
      includeAttachments?: boolean;
    }) =>
      fetchJson<{ share: ShareSummary }>(shareUrl(input.shareId), {
        method: 'PATCH',
        headers: JSON_HEADERS,
        body: JSON.stringify({
          refresh: input.refresh,
          indexable: input.indexable,
          includeAttachments: input.includeAttachments,
        }),
      }),
    onSettled: invalidate,
  });
}

export function useRevokeShare() {
  const invalidate = useInvalidateShares();
  return useMutation({
    mutationFn: async (shareId: string) => {
      const res = await fetch(shareUrl(shareId), { method: 'DELETE' });
      // Already gone counts as done: the goal is that the link no longer works.
      if (!res.ok && res.status !== 404) throw new Error(`Revoking failed (HTTP ${res.status}).`);
    },
    onSettled: invalidate,
  });
}
