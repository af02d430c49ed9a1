'use client';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { BranchInfo, ModelBadge } from '@/lib/chat/api-types';
import { groupTurns, type Item } from '@/lib/chat/turns';
import { contextStartOf } from '@/lib/chat/context-start';
import type { ChatMessage } from '@/lib/chat/types';
import {
  useIsStreaming,
  useLiveIds,
  useLiveReplaces,
  useLiveUserMessage,
} from '@/lib/store/conversation-store';
import { ContextDivider } from './context-divider';
import { EmptyState } from './empty-state';
import { LiveRowCommitted } from './live-row-context';
import { type TurnHandlers, TurnRow } from './turn-row';
import { useRowVirtualizer } from './use-row-virtualizer';
import { useStickToBottom } from './use-stick-to-bottom';
import { VirtualRow } from './virtual-row';

interface Props extends TurnHandlers {
  messages: ChatMessage[];
  badge: ModelBadge;
  /** Versions of the shown messages (ConversationDetail.branches). */
  branches?: Record<string, BranchInfo>;
  /** Edits and version switches wait (an answer this tab only follows, a switch in flight). */
  busy?: boolean;
}

/** A turn's versions are those of its first message that has any. */
function branchOf(item: Item, branches: Record<string, BranchInfo> | undefined) {
  if (!branches) return undefined;
  if (item.kind === 'user') return branches[item.message.id];
  for (const m of item.messages) if (branches[m.id]) return branches[m.id];
  return undefined;
}

export function MessageList({ messages, badge, branches, busy, ...handlers }: Props) {
  const streaming = useIsStreaming();
  const liveUser = useLiveUserMessage();
  const liveIds = useLiveIds();
  const replaces = useLiveReplaces();
  const { containerRef, contentRef, atBottom, jumpToLatest, follow } = useStickToBottom();

  // Sending a message always brings the reader down to it.
  useEffect(() => {
    if (liveUser) jumpToLatest(false);
  }, [liveUser, jumpToLatest]);

  // Where the model's view begins, when older messages did not fit its context window.
  const contextStart = useMemo(() => contextStartOf(messages), [messages]);
  const startsContext = (item: Item | null) =>
    contextStart !== null &&
    item !== null &&
    (item.kind === 'user'
      ? item.message.id === contextStart
      : item.messages.some((m) => m.id === contextStart));

  // The live turn renders its own messages; the saved copies wait until it is done.
  const items = useMemo(() => {
    const hidden = new Set(liveIds ? liveIds.split(',') : []);
    if (liveUser) hidden.add(liveUser.id);
    const cut = replaces ? messages.findIndex((m) => m.id === replaces) : -1;
    const shown = cut === -1 ? messages : messages.slice(0, cut);
    return groupTurns(shown.filter((m) => !hidden.has(m.id)));
  }, [messages, liveIds, liveUser, replaces]);
  const empty = items.length === 0 && !streaming;
  // One flat list: the live turn is keyed like its saved copy will be (its first message id), so
  // React keeps the same component (and any card the reader opened) across the hand-off.
  const liveKey = streaming
    ? liveIds
      ? (liveIds.split(',', 1)[0] ?? 'pending')
      : 'pending'
    : null;
  const rows = useMemo(() => {
    const list: { key: string; item: Item | null; isLast: boolean; branch?: BranchInfo }[] =
      items.map((item, i) => ({
        key: item.kind === 'user' ? item.message.id : item.id,
        item,
        isLast: !streaming && i === items.length - 1,
        branch: branchOf(item, branches),
      }));
    if (liveUser)
      list.push({ key: liveUser.id, item: { kind: 'user', message: liveUser }, isLast: false });
    if (liveKey !== null) list.push({ key: liveKey, item: null, isLast: true });
    return list;
  }, [items, streaming, branches, liveUser, liveKey]);
  const rowsBusy = streaming || busy === true;
  // Only the rows on screen (and a few around them) are in the DOM, so a long conversation
  // costs what a short one does; find-in-page and screen readers see what is on screen.
  const { virtualizer, shown } = useRowVirtualizer(rows, containerRef, liveKey);
  // The streaming row, right after React wrote its new text (the same task): measured as the
  // ResizeObserver would measure it in the frame, so the list's height is right, then followed.
  // The frame then paints the text and dispatches the scroll event at once; otherwise the scroll
  // happens at the frame's end and its event takes a second frame per update.
  const measureLive = () => {
    let row = contentRef.current?.lastElementChild ?? null;
    while (row instanceof HTMLElement && row.dataset.rowKey !== liveKey) {
      row = row.previousElementSibling;
    }
    if (!(row instanceof HTMLElement) || row.dataset.index === undefined) return;
    virtualizer.resizeItem(
      Number(row.dataset.index),
      Math.round(row.getBoundingClientRect().height),
    );
    follow();
  };
  const latestMeasureLive = useRef(measureLive);
  latestMeasureLive.current = measureLive;
  // One function for the list's lifetime: a new context value would re-render every row.
  const liveCommitted = useCallback(() => latestMeasureLive.current(), []);
  // The content box is the stick-to-bottom's (it watches its size) and, unless the empty state
  // fills it, the virtualizer's (it writes its height).
  const setContent = useCallback(
    (node: HTMLDivElement | null) => {
      contentRef.current = node;
      virtualizer.containerRef(empty ? null : node);
    },
    [contentRef, virtualizer, empty],
  );

  return (
    <LiveRowCommitted value={liveCommitted}>
      <div className="flex min-h-0 flex-1 flex-col">
        <div
          ref={containerRef}
          data-testid="messages"
          // The virtualizer keeps the rows on screen in place as others measure; the browser's own
          // anchoring would correct the same change twice.
          className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
        >
          <div
            ref={setContent}
            className={
              empty
                ? 'mx-auto flex max-w-reading flex-col px-gutter py-6'
                : 'relative mx-auto max-w-reading'
            }
            style={empty ? undefined : { height: virtualizer.getTotalSize() }}
          >
            {empty && <EmptyState badge={badge} />}
            {shown.map((virtual) => {
              const row = rows[virtual.index];
              if (!row) return null;
              return (
                <VirtualRow
                  key={row.key}
                  rowKey={row.key}
                  index={virtual.index}
                  start={virtual.start}
                  live={row.item === null}
                  measure={virtualizer.measureElement}
                >
                  {startsContext(row.item) && <ContextDivider />}
                  <TurnRow
                    item={row.item}
                    isLast={row.isLast}
                    branch={row.branch}
                    busy={rowsBusy}
                    {...handlers}
                  />
                </VirtualRow>
              );
            })}
          </div>
        </div>
        {/* A strip of its own below the messages, not floating over them: it never hides text. */}
        {!atBottom && (
          <div className="flex shrink-0 justify-center py-1.5">
            <button
              type="button"
              onClick={() => jumpToLatest()}
              className="rounded-full border border-zinc-300 bg-white px-3 py-1 text-sm shadow-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:bg-zinc-900"
            >
              Jump to latest ↓
            </button>
          </div>
        )}
      </div>
    </LiveRowCommitted>
  );
}
