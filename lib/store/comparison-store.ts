'use client';
import { create } from 'zustand';
import type { ChatError, ChatMessage } from '@/lib/chat/types';
import type { LiveTurn } from './conversation-store';
import type { TurnStore } from './turn-types';

// The live columns of a comparison (several answers streaming at once), keyed by column
// (`comparisonKey`), beside the one live turn of conversation-store.ts. Each column's stream
// driver writes only its own key, and each column subscribes only to its own key, so a token
// in one column re-renders that column alone.

interface ComparisonState {
  columns: Record<string, LiveTurn>;
}

const useComparisonStore = create<ComparisonState>()(() => ({ columns: {} }));

/** The key of one column of a comparison. */
export const comparisonKey = (comparisonId: string, slot: number) => `${comparisonId}:${slot}`;

function update(key: string, change: (turn: LiveTurn) => LiveTurn): void {
  useComparisonStore.setState((s) => {
    const turn = s.columns[key];
    return turn ? { columns: { ...s.columns, [key]: change(turn) } } : s;
  });
}

function upsertInto(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = messages.findIndex((m) => m.id === message.id);
  if (at === -1) return [...messages, message];
  const next = messages.slice();
  next[at] = message;
  return next;
}

function end(key: string): void {
  useComparisonStore.setState((s) => {
    if (!(key in s.columns)) return s;
    const { [key]: _ended, ...rest } = s.columns;
    return { columns: rest };
  });
}

/** One column as a stream driver's store (the same events as the single live turn). */
export function columnStore(key: string): TurnStore {
  const actions = {
    turnBegan(userMessage: ChatMessage | null, messages: ChatMessage[] = [], replaces = null) {
      useComparisonStore.setState((s) => ({
        columns: {
          ...s.columns,
          [key]: { conversationId: null, userMessage, messages, stopRequested: false, replaces },
        },
      }));
    },
    turnStarted(conversationId: string, userMessage: ChatMessage | null) {
      update(key, (t) => ({ ...t, conversationId, userMessage }));
    },
    upsert(message: ChatMessage) {
      update(key, (t) => ({ ...t, messages: upsertInto(t.messages, message) }));
    },
    stopRequested() {
      update(key, (t) => ({ ...t, stopRequested: true }));
    },
    turnEnded: () => end(key),
    sendFailed: (_error: ChatError) => end(key),
  };
  return {
    get: () => ({ live: useComparisonStore.getState().columns[key] ?? null }),
    actions: () => actions,
  };
}

/** The live messages of one column; null while it is not streaming here. */
export const useLiveColumn = (key: string) =>
  useComparisonStore((s) => s.columns[key]?.messages ?? null);
/** Whether Stop was pressed on the column. */
export const useColumnStopRequested = (key: string) =>
  useComparisonStore((s) => s.columns[key]?.stopRequested ?? false);
