'use client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BranchInfo, ConversationDetail, ConversationPage } from '@/lib/chat/api-types';
import type { ChatMessage, Conversation } from '@/lib/chat/types';
import { fetchJson } from './fetch-json';

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  list: (filter: { search?: string } = {}) => [...conversationKeys.lists(), filter] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: string) => [...conversationKeys.details(), id] as const,
  /** The sidebar's pages: the history (search '') or search results. */
  infinite: (search: string) => [...conversationKeys.lists(), 'infinite', search] as const,
};

export const conversationDetailOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) =>
      fetchJson<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });

export function useConversation(id: string | null, initialData?: ConversationDetail) {
  return useQuery({
    ...conversationDetailOptions(id ?? ''),
    enabled: id !== null,
    initialData,
  });
}

export const conversationListOptions = () =>
  queryOptions({
    queryKey: conversationKeys.list(),
    queryFn: ({ signal }) => fetchJson<ConversationPage>('/api/conversations', { signal }),
    staleTime: 30_000,
  });

export function useConversationList() {
  return useQuery(conversationListOptions());
}

/** The shown branch up to (not including) `messageId`: a retry or edit replaces from there. */
export function cutAt(detail: ConversationDetail, messageId: string): ConversationDetail {
  const at = detail.messages.findIndex((m) => m.id === messageId);
  return at === -1 ? detail : { ...detail, messages: detail.messages.slice(0, at) };
}

/**
 * The hand-off from the live store: a finished turn's messages join the cached conversation.
 * Known messages are replaced in place (a resumed turn), new ones appended in order.
 */
export function mergeMessages(
  detail: ConversationDetail | undefined,
  conversationId: string,
  messages: readonly ChatMessage[],
  conversation?: Conversation | null,
): ConversationDetail {
  const merged = [...(detail?.messages ?? [])];
  for (const message of messages) {
    const at = merged.findIndex((m) => m.id === message.id);
    if (at === -1) merged.push(message);
    else merged[at] = message;
  }
  const first = messages[0];
  return {
    ...detail,
    conversation: conversation ??
      detail?.conversation ?? {
        id: conversationId,
        title: (messages.find((m) => m.role === 'user')?.content ?? '').slice(0, 80),
        model: messages.findLast((m) => m.role === 'assistant')?.model ?? null,
        settings: {},
        createdAt: first?.createdAt ?? new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    messages: merged,
  };
}

/** A version added beside `replacedId` (a retry or an edit) is the newest of its siblings. */
export function addVersion(
  branches: Record<string, BranchInfo> | undefined,
  replacedId: string,
  newId: string,
): Record<string, BranchInfo> {
  const siblingIds = [...(branches?.[replacedId]?.siblingIds ?? [replacedId]), newId];
  const next: Record<string, BranchInfo> = { ...branches };
  // Every version counts one more, for when the reader switches back to an older one.
  siblingIds.forEach((id, index) => {
    next[id] = { index, count: siblingIds.length, siblingIds };
  });
  return next;
}

export interface TurnHandOff {
  conversationId: string;
  conversation: Conversation | null;
  /** Every message the turn created or changed, as saved (the `done` event). */
  saved: readonly ChatMessage[];
  replaces: string | null;
  newVersionId: string | null;
}

/** The cached conversation once a turn is done: the one place a finished turn enters the cache. */
export function withFinishedTurn(
  detail: ConversationDetail | undefined,
  turn: TurnHandOff,
): ConversationDetail {
  const base = detail && turn.replaces ? cutAt(detail, turn.replaces) : detail;
  const next = mergeMessages(base, turn.conversationId, turn.saved, turn.conversation);
  if (!turn.replaces || !turn.newVersionId) return next;
  return { ...next, branches: addVersion(next.branches, turn.replaces, turn.newVersionId) };
}
