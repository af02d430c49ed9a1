'use client';
import type { QueryClient } from '@tanstack/react-query';
import type { ComparisonStarted, ConversationDetail } from '@/lib/chat/api-types';
import { withComparisonStarted } from '@/lib/queries/comparisons';
import { conversationKeys } from '@/lib/queries/conversations';
import { ApiError, fetchJson } from '@/lib/queries/fetch-json';
import type { ModelChoice } from '@/lib/queries/models';
import { conversationStore } from '@/lib/store/conversation-store';
import type { SendInput } from '../use-chat-turn';

// Sends one question to several models (a chunk of its own, loaded when Compare is used): the
// server saves the question and one streaming answer per model, and the screen shows them as
// columns, each following its own answer's stream (use-column-stream.ts).

export interface ComparisonSend {
  queryClient: QueryClient;
  conversationId: string | null;
  models: ModelChoice[];
  timeZone?: string;
  onConversationCreated(id: string): void;
}

/** Resolves false when the server refused (nothing was saved; the draft stays). */
export async function sendComparison(input: SendInput, o: ComparisonSend): Promise<boolean> {
  const actions = conversationStore.actions();
  actions.clearSendError();
  try {
    const started = await fetchJson<ComparisonStarted>('/api/chat/compare', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(o.conversationId ? { conversationId: o.conversationId } : {}),
        content: input.content,
        models: o.models,
        ...(input.attachments?.length ? { attachments: input.attachments.map((a) => a.id) } : {}),
        ...(!o.conversationId && input.tools ? { tools: input.tools } : {}),
        ...(!o.conversationId && input.settings ? { settings: input.settings } : {}),
        ...(o.timeZone ? { timeZone: o.timeZone } : {}),
      }),
    });
    const id = started.conversation.id;
    o.queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (old) =>
      withComparisonStarted(old, started),
    );
    if (!o.conversationId) {
      window.history.replaceState(null, '', `/c/${id}`);
      o.onConversationCreated(id);
    }
    void o.queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    return true;
  } catch (error) {
    actions.sendFailed({
      code: error instanceof ApiError ? error.code : 'network',
      message:
        error instanceof ApiError
          ? error.message
          : 'Could not reach the Parley server. Check your connection and try again.',
      retryable: !(error instanceof ApiError) || error.status >= 500,
    });
    return false;
  }
}
