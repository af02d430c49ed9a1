'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ComparisonColumn } from '@/lib/chat/comparison';
import { turnStatus } from '@/lib/chat/turns';
import { withFinishedColumn } from '@/lib/queries/comparisons';
import { conversationKeys } from '@/lib/queries/conversations';
import { columnStore, comparisonKey } from '@/lib/store/comparison-store';
import { conversationStore } from '@/lib/store/conversation-store';
import {
  createStreamDriver,
  type FinishedTurn,
  requestStop,
  type StreamDriver,
} from '@/lib/store/stream-driver';
import { columnTiming } from './column-timing';

// Each column of a comparison streams on its own: a stream driver per column writes that
// column's key of the comparison store, following the answer's own resumable stream (served by
// any instance, replayed from its start after a reload). Drivers outlive the column's component
// (a virtualized row may unmount), and at most one runs per column.

const drivers = new Map<string, StreamDriver>();

interface Options {
  conversationId: string;
  comparisonId: string;
  column: ComparisonColumn;
  timeZone?: string;
}

export function useColumnStream({ conversationId, comparisonId, column, timeZone }: Options) {
  const queryClient = useQueryClient();
  const key = comparisonKey(comparisonId, column.slot);
  const root = column.messages[0];
  const streaming = turnStatus(column.messages) === 'streaming';
  const detailKey = conversationKeys.detail(conversationId);

  const run = useCallback(
    (
      start: (driver: StreamDriver, onFinished: (turn: FinishedTurn) => void) => Promise<unknown>,
    ) => {
      const driver = createStreamDriver({ store: columnStore(key) });
      drivers.set(key, driver);
      columnTiming.start(key);
      const onFinished = (turn: FinishedTurn) => {
        columnTiming.end(key);
        queryClient.setQueryData<ConversationDetail>(detailKey, (old) =>
          withFinishedColumn(old, comparisonId, column.slot, turn.saved),
        );
      };
      void start(driver, onFinished).finally(() => {
        if (drivers.get(key) === driver) drivers.delete(key);
      });
    },
    [key, queryClient, detailKey, comparisonId, column.slot],
  );

  // A column still being written and not followed here (just started, or after a reload).
  const rootId = root?.id;
  useEffect(() => {
    if (!streaming || !rootId || drivers.has(key)) return;
    run(async (driver, onFinished) => {
      const outcome = await driver.resume({
        conversationId,
        messageId: rootId,
        url: `/api/conversations/${encodeURIComponent(conversationId)}/stream?message=${encodeURIComponent(rootId)}`,
        turn: column.messages,
        onFinished,
      });
      // The stream ended early: the saved copy says whether the answer is still being written
      // (this effect then follows it again).
      if (outcome.kind === 'detached') {
        await new Promise((r) => setTimeout(r, 1_000));
        await queryClient.invalidateQueries({ queryKey: detailKey });
      }
    });
  }, [streaming, rootId, key, run, conversationId, column.messages, queryClient, detailKey]);

  const stop = useCallback(() => {
    const driver = drivers.get(key);
    if (driver) driver.stop();
    else {
      const last = column.messages.findLast((m) => m.role === 'assistant');
      if (last) void requestStop(last.id);
    }
  }, [key, column.messages]);

  /** Answers again in this column, with its model (a new version beside the failed answer). */
  const retry = useCallback(() => {
    if (!rootId || drivers.has(key)) return;
    run(async (driver, onFinished) => {
      const outcome = await driver.start({
        url: '/api/chat',
        body: {
          conversationId,
          retryOf: rootId,
          provider: column.provider,
          ...(column.model ? { model: column.model } : {}),
          ...(timeZone ? { timeZone } : {}),
        },
        userMessage: null,
        onFinished,
      });
      if (outcome.kind === 'refused') conversationStore.actions().sendFailed(outcome.error);
      // The server shows the new answer's branch now.
      await queryClient.invalidateQueries({ queryKey: detailKey });
    });
  }, [
    rootId,
    key,
    run,
    conversationId,
    column.provider,
    column.model,
    timeZone,
    queryClient,
    detailKey,
  ]);

  return { key, stop, retry };
}

/** Stops every answer of the comparisons still being written (the composer's Stop). */
export function stopComparisons(comparisons: Record<string, readonly ComparisonColumn[]>): void {
  for (const [comparisonId, columns] of Object.entries(comparisons))
    stopComparison(comparisonId, columns);
}

function stopComparison(comparisonId: string, columns: readonly ComparisonColumn[]): void {
  for (const column of columns) {
    if (turnStatus(column.messages) !== 'streaming') continue;
    const driver = drivers.get(comparisonKey(comparisonId, column.slot));
    if (driver) driver.stop();
    else {
      const last = column.messages.findLast((m) => m.role === 'assistant');
      if (last) void requestStop(last.id);
    }
  }
}
