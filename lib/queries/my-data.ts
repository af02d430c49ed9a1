'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAllResult, ImportResult } from '@/lib/chat/export-types';
import { conversationKeys } from './conversations';
import { fetchJson } from './fetch-json';

// "My data": importing exports and deleting everything the user has on the server.

/** Uploads an export file as is (the server validates it and answers with clear errors). */
export function useImportConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob) =>
      fetchJson<ImportResult>('/api/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: file,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}

const DRAFT_PREFIX = 'parley:draft:';

function forgetDrafts() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: there were no drafts either.
  }
}

/** Deletes the user on the server (a fresh guest cookie comes back) and forgets cached data. */
export function useDeleteAllData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<DeleteAllResult>('/api/me', { method: 'DELETE' }),
    onSuccess: () => {
      forgetDrafts();
      queryClient.removeQueries({ queryKey: conversationKeys.all });
      void queryClient.invalidateQueries();
    },
  });
}
