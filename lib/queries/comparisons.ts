'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComparisonStarted, ConversationDetail } from '@/lib/chat/api-types';
import type { ComparisonColumn } from '@/lib/chat/comparison';
import type { ChatMessage } from '@/lib/chat/types';
import { conversationKeys } from './conversations';
import { fetchJson } from './fetch-json';

// A comparison in the Query cache: its columns live in the conversation's detail
// (`comparisons`), and the shown branch holds the answer it shows (the first, until the reader
// keeps another).

/** The cached conversation once a comparison has started: the question and one answer per model. */
export function withComparisonStarted(
  detail: ConversationDetail | undefined,
  started: ComparisonStarted,
): ConversationDetail {
  const answers = started.answers.map((a) => a.message);
  const [first] = answers;
  const siblingIds = answers.map((m) => m.id);
  const columns: ComparisonColumn[] = answers.map((m, slot) => ({
    slot,
    provider: m.comparison?.provider ?? '',
    model: m.model,
    messages: [m],
  }));
  return {
    ...detail,
    conversation: started.conversation,
    messages: [
      ...(detail?.messages ?? []),
      ...(started.userMessage ? [started.userMessage] : []),
      ...(first ? [first] : []),
    ],
    branches: {
      ...detail?.branches,
      ...(first ? { [first.id]: { index: 0, count: siblingIds.length, siblingIds } } : {}),
    },
    comparisons: { ...detail?.comparisons, [started.comparisonId]: columns },
  };
}

/**
 * The cached conversation once one column's answer is saved (`saved`: the turn's messages as the
 * server's `done` event has them). Known messages of the shown branch are replaced in place, and
 * the shown column's new steps join it.
 */
export function withFinishedColumn(
  detail: ConversationDetail | undefined,
  comparisonId: string,
  slot: number,
  saved: readonly ChatMessage[],
): ConversationDetail | undefined {
  const columns = detail?.comparisons?.[comparisonId];
  if (!detail || !columns) return detail;
  const answer = saved.filter((m) => m.role !== 'user');
  const root = answer[0];
  if (!root) return detail;
  const old = columns.find((c) => c.slot === slot);
  const shown = new Set(detail.messages.map((m) => m.id));
  const onBranch = old?.messages.some((m) => shown.has(m.id)) ?? false;
  const byId = new Map(answer.map((m) => [m.id, m]));
  const messages = detail.messages.map((m) => byId.get(m.id) ?? m);
  if (onBranch && old?.messages[0]?.id === root.id) {
    messages.push(...answer.filter((m) => !shown.has(m.id)));
  }
  const column: ComparisonColumn = {
    slot,
    provider: root.comparison?.provider ?? old?.provider ?? '',
    model: root.model,
    messages: answer,
  };
  const others = columns.filter((c) => c.slot !== slot);
  return {
    ...detail,
    messages,
    comparisons: {
      ...detail.comparisons,
      [comparisonId]: [...others, column].sort((a, b) => a.slot - b.slot),
    },
  };
}

/**
 * "Continue with this answer": the server shows that answer's branch and takes its model for
 * what follows; its answer replaces the cached conversation.
 */
export function useKeepAnswer(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: 'Could not continue with that answer' },
    mutationFn: async (messageId: string) => {
      const key = conversationKeys.detail(conversationId);
      await queryClient.cancelQueries({ queryKey: key });
      const detail = await fetchJson<ConversationDetail>(
        `/api/conversations/${encodeURIComponent(conversationId)}/keep`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messageId }),
        },
      );
      queryClient.setQueryData<ConversationDetail>(key, detail);
      return detail;
    },
  });
}
