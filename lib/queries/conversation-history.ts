'use client';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ConversationDetail,
  ConversationListItem,
  ConversationPage,
} from '@/lib/chat/api-types';
import type { Conversation } from '@/lib/chat/types';
import { conversationKeys } from './conversations';
import { ApiError, fetchJson } from './fetch-json';

// The history sidebar's data: pages of conversations or of search results (keyset cursors),
// and the optimistic rename / delete / restore that keep every cached list in step.

export const HISTORY_PAGE_SIZE = 30;

function listUrl(search: string, cursor: string | null): string {
  // peek: a visitor without a session sees an empty list instead of becoming a guest here.
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE), peek: '1' });
  if (search) params.set('q', search);
  if (cursor) params.set('cursor', cursor);
  return `/api/conversations?${params}`;
}

export const historyOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.infinite(search),
    queryFn: ({ pageParam, signal }) =>
      fetchJson<ConversationPage>(listUrl(search, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: search ? 10_000 : 30_000,
  });

/** `search` '' = the whole history, newest first; otherwise full-text search results. */
export function useHistory(search: string) {
  return useInfiniteQuery(historyOptions(search));
}

type ListData = InfiniteData<ConversationPage, string | null> | ConversationPage;

/** Applies `change` to every item of a cached list, whether paged (infinite) or a single page. */
function mapItems(
  data: ListData | undefined,
  change: (items: ConversationListItem[]) => ConversationListItem[],
): ListData | undefined {
  if (!data) return data;
  if ('pages' in data) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
  }
  return { ...data, items: change(data.items) };
}

/** Cancels list fetches and remembers every list as it was, for a rollback. */
async function snapshotLists(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: conversationKeys.lists() });
  return queryClient.getQueriesData<ListData>({ queryKey: conversationKeys.lists() });
}

function restoreLists(
  queryClient: QueryClient,
  snapshot: [readonly unknown[], ListData | undefined][] | undefined,
) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/** The cached conversation with this id, from any list. */
export function findInLists(queryClient: QueryClient, id: string): ConversationListItem | null {
  for (const [, data] of queryClient.getQueriesData<ListData>({
    queryKey: conversationKeys.lists(),
  })) {
    const pages = !data ? [] : 'pages' in data ? data.pages : [data];
    for (const page of pages) {
      const found = page.items.find((c) => c.id === id);
      if (found) return found;
    }
  }
  return null;
}

async function send(url: string, init: RequestInit): Promise<void> {
  const res = await fetch(url, init);
  if (res.ok) return;
  let message = `The server answered HTTP ${res.status}.`;
  let code = 'http_error';
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string } };
    message = body.error?.message ?? message;
    code = body.error?.code ?? code;
  } catch {
    // Keep the generic message.
  }
  throw new ApiError(res.status, code, message);
}

const conversationUrl = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** Renames optimistically everywhere it is shown; rolls back if the server refuses. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      fetchJson<{ conversation: Conversation }>(conversationUrl(id), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      }),
    onMutate: async ({ id, title }) => {
      const lists = await snapshotLists(queryClient);
      const detailKey = conversationKeys.detail(id);
      await queryClient.cancelQueries({ queryKey: detailKey });
      const detail = queryClient.getQueryData<ConversationDetail>(detailKey);
      queryClient.setQueriesData<ListData>({ queryKey: conversationKeys.lists() }, (data) =>
        mapItems(data, (items) => items.map((c) => (c.id === id ? { ...c, title } : c))),
      );
      queryClient.setQueryData<ConversationDetail>(detailKey, (old) =>
        old ? { ...old, conversation: { ...old.conversation, title } } : old,
      );
      return { lists, detail };
    },
    onError: (_error, { id }, context) => {
      restoreLists(queryClient, context?.lists);
      if (context?.detail) queryClient.setQueryData(conversationKeys.detail(id), context.detail);
    },
    // The saved conversation replaces the optimistic one; its messages need no refetch (one may
    // be streaming here right now).
    onSuccess: ({ conversation }, { id }) => {
      queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
        old ? { ...old, conversation } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}

/** Deletes (soft: restorable) and drops it from every list at once; rolls back on failure. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send(conversationUrl(id), { method: 'DELETE' }),
    onMutate: async (id) => {
      const lists = await snapshotLists(queryClient);
      queryClient.setQueriesData<ListData>({ queryKey: conversationKeys.lists() }, (data) =>
        mapItems(data, (items) => items.filter((c) => c.id !== id)),
      );
      return { lists };
    },
    onError: (_error, _id, context) => restoreLists(queryClient, context?.lists),
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: conversationKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}

/** The undo of a delete. */
export function useRestoreConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ conversation: Conversation }>(`${conversationUrl(id)}/restore`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}

/**
 * A new conversation's generated title is saved just after its first answer; look again a little
 * later and carry it into the open conversation too (without refetching its messages).
 */
export function refreshTitleSoon(
  queryClient: QueryClient,
  id: string,
  delaysMs: readonly number[] = [1_500, 5_000],
): void {
  for (const delay of delaysMs) {
    setTimeout(async () => {
      await queryClient.refetchQueries({ queryKey: conversationKeys.infinite(''), type: 'active' });
      const item = findInLists(queryClient, id);
      if (!item) return;
      queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
        old && old.conversation.title !== item.title
          ? { ...old, conversation: { ...old.conversation, title: item.title } }
          : old,
      );
    }, delay);
  }
}
