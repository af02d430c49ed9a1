'use client';
import { create } from 'zustand';
import type { ChatError, ChatMessage } from '@/lib/chat/types';

// Live streaming state only. Finished messages belong to the Query cache; a turn moves there
// the moment it is done, so no message ever lives in both places.

export interface LiveTurn {
  /** Null until the server has created (or confirmed) the conversation. */
  conversationId: string | null;
  /** The message being sent; null for a retry, whose user message is already on screen. */
  userMessage: ChatMessage | null;
  /** Null until the server has created the answer. */
  assistant: ChatMessage | null;
  stopRequested: boolean;
}

interface ConversationState {
  live: LiveTurn | null;
  /** Why the last send never started (nothing was saved); the draft is restored with it. */
  sendError: ChatError | null;
  actions: {
    turnBegan(userMessage: ChatMessage | null): void;
    turnStarted(
      conversationId: string,
      userMessage: ChatMessage | null,
      assistant: ChatMessage,
    ): void;
    /** Called at most once per animation frame by the stream reader. */
    frame(assistant: ChatMessage): void;
    stopRequested(): void;
    turnEnded(): void;
    sendFailed(error: ChatError): void;
    clearSendError(): void;
  };
}

const useConversationStore = create<ConversationState>()((set) => ({
  live: null,
  sendError: null,
  actions: {
    turnBegan: (userMessage) =>
      set({
        live: { conversationId: null, userMessage, assistant: null, stopRequested: false },
        sendError: null,
      }),
    turnStarted: (conversationId, userMessage, assistant) =>
      set((s) => ({
        live: s.live ? { ...s.live, conversationId, userMessage, assistant } : s.live,
      })),
    frame: (assistant) => set((s) => (s.live ? { live: { ...s.live, assistant } } : s)),
    stopRequested: () => set((s) => (s.live ? { live: { ...s.live, stopRequested: true } } : s)),
    turnEnded: () => set({ live: null }),
    sendFailed: (sendError) => set({ live: null, sendError }),
    clearSendError: () => set({ sendError: null }),
  },
}));

// Narrow selectors: each component subscribes to exactly what it renders.
export const useLiveUserMessage = () => useConversationStore((s) => s.live?.userMessage ?? null);
export const useLiveAssistant = () => useConversationStore((s) => s.live?.assistant ?? null);
export const useLiveAssistantId = () => useConversationStore((s) => s.live?.assistant?.id ?? null);
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
