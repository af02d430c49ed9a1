'use client';
import { provisionalTitle } from '@/lib/chat/title-text';
import { create } from 'zustand';
import type { ChatError, ChatMessage } from '@/lib/chat/types';

// Live streaming state only. Finished messages belong to the Query cache; a turn moves there
// the moment it is done, so no message ever lives in both places.

export interface LiveTurn {
  /** Null until the server has created (or confirmed) the conversation. */
  conversationId: string | null;
  /** The message being sent; null when a turn resumes (retry, tool approval). */
  userMessage: ChatMessage | null;
  /** The turn's assistant and tool messages so far, in order (empty until the server answers). */
  messages: ChatMessage[];
  stopRequested: boolean;
  /** A retry or edit replaces this message and everything after it; hidden while the turn runs. */
  replaces: string | null;
}

interface ConversationState {
  live: LiveTurn | null;
  /** Why the last send never started (nothing was saved); the draft is restored with it. */
  sendError: ChatError | null;
  actions: {
    turnBegan(
      userMessage: ChatMessage | null,
      messages?: ChatMessage[],
      replaces?: string | null,
    ): void;
    turnStarted(conversationId: string, userMessage: ChatMessage | null): void;
    /** Adds a message to the turn, or replaces the one with the same id. Called at most once per frame while streaming. */
    upsert(message: ChatMessage): void;
    stopRequested(): void;
    turnEnded(): void;
    sendFailed(error: ChatError): void;
    clearSendError(): void;
  };
}

function upsertInto(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = messages.findIndex((m) => m.id === message.id);
  if (at === -1) return [...messages, message];
  const next = messages.slice();
  next[at] = message;
  return next;
}

const useConversationStore = create<ConversationState>()((set) => ({
  live: null,
  sendError: null,
  actions: {
    turnBegan: (userMessage, messages = [], replaces = null) =>
      set({
        live: { conversationId: null, userMessage, messages, stopRequested: false, replaces },
        sendError: null,
      }),
    turnStarted: (conversationId, userMessage) =>
      set((s) => (s.live ? { live: { ...s.live, conversationId, userMessage } } : s)),
    upsert: (message) =>
      set((s) =>
        s.live ? { live: { ...s.live, messages: upsertInto(s.live.messages, message) } } : s,
      ),
    stopRequested: () => set((s) => (s.live ? { live: { ...s.live, stopRequested: true } } : s)),
    turnEnded: () => set({ live: null }),
    sendFailed: (sendError) => set({ live: null, sendError }),
    clearSendError: () => set({ sendError: null }),
  },
}));

const NONE: ChatMessage[] = [];

// Narrow selectors: each component subscribes to exactly what it renders.
export const useLiveUserMessage = () => useConversationStore((s) => s.live?.userMessage ?? null);
export const useLiveMessages = () => useConversationStore((s) => s.live?.messages ?? NONE);
/** The live turn's messages for the row that shows it; a constant null for every other row. */
export const useLiveTurnMessages = (isLiveRow: boolean) =>
  useConversationStore((s) => (isLiveRow ? (s.live?.messages ?? null) : null));
/** Ids of the live turn's messages as one string: changes when a message joins, not per token. */
export const useLiveIds = () =>
  useConversationStore((s) => s.live?.messages.map((m) => m.id).join(',') ?? '');
export const useLiveReplaces = () => useConversationStore((s) => s.live?.replaces ?? null);
/**
 * A conversation the server has just created for the live turn (the `start` event), by the title
 * the server gave it (the first message), until the screen adopts it when the turn ends.
 */
export const useLiveNewTitle = () =>
  useConversationStore((s) =>
    s.live?.conversationId && s.live.userMessage && !s.live.replaces
      ? provisionalTitle(s.live.userMessage.content)
      : null,
  );
export const useIsStreaming = () => useConversationStore((s) => s.live !== null);
export const useStopRequested = () => useConversationStore((s) => s.live?.stopRequested ?? false);
export const useSendError = () => useConversationStore((s) => s.sendError);
export const useConversationActions = () => useConversationStore((s) => s.actions);

/** For non-React code (the stream reader) that must read the latest state without subscribing. */
export const conversationStore = {
  get: () => useConversationStore.getState(),
  actions: () => useConversationStore.getState().actions,
  subscribe: useConversationStore.subscribe,
};
