'use client';
import { memo, Suspense, useContext, useLayoutEffect } from 'react';
import type { BranchInfo } from '@/lib/chat/api-types';
import { blankMessage } from '@/lib/chat/blank-message';
import type { Item } from '@/lib/chat/turns';
import type { ChatMessage } from '@/lib/chat/types';
import { useLiveTurnMessages } from '@/lib/store/conversation-store';
// A comparison's answers side by side: a chunk of its own, loaded when a conversation has one.
import { ComparisonTurn } from './compare/lazy';
import { LiveRowCommitted } from './live-row-context';
import { AssistantTurn } from './message/assistant-turn';
import { MessageView } from './message/message-view';

export interface TurnHandlers {
  onRetry(messageId: string): void;
  onContinue(): void;
  onApproval(toolMessageId: string, approve: boolean): void;
  /** Sends `content` as a new version of a user message. Omitted → no Edit button. */
  onEdit?(messageId: string, content: string): void;
  /** A new answer beside an existing one (any turn). Omitted → no Regenerate button. */
  onRegenerate?(assistantMessageId: string): void;
  /** Shows another version of a message. Omitted → no "‹ 2/3 ›". */
  onSwitchBranch?(messageId: string): void;
}

interface Props extends TurnHandlers {
  /** A saved item, or null for the turn streaming right now (read from the live store). */
  item: Item | null;
  isLast: boolean;
  /** The item's versions, when it has several. */
  branch?: BranchInfo;
  /** An answer is being written (here or, after a reload, on the server): no edits or switches. */
  busy: boolean;
}

// Shown until the server has created the answer (its first event).
const PENDING: ChatMessage[] = [
  blankMessage({ id: 'pending', role: 'assistant', status: 'streaming' }),
];

/** Items are rebuilt when the list changes; their messages are what identify them. */
function sameItem(a: Item | null, b: Item | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'user' || b.kind === 'user') {
    return a.kind === 'user' && b.kind === 'user' && a.message === b.message;
  }
  return a.messages.length === b.messages.length && a.messages.every((m, i) => m === b.messages[i]);
}

const sameRow = (a: Props, b: Props) =>
  sameItem(a.item, b.item) &&
  a.isLast === b.isLast &&
  a.branch === b.branch &&
  a.busy === b.busy &&
  a.onEdit === b.onEdit &&
  a.onRegenerate === b.onRegenerate &&
  a.onSwitchBranch === b.onSwitchBranch &&
  a.onRetry === b.onRetry &&
  a.onContinue === b.onContinue &&
  a.onApproval === b.onApproval;

/**
 * One user message or one assistant turn. The streaming turn and its saved copy are the same
 * component under the same key, so a card the reader opened stays open when the turn is saved.
 * Saved rows never re-render while tokens arrive: their live selector is constant.
 */
export const TurnRow = memo(function TurnRow(props: Props) {
  const {
    item,
    isLast,
    branch,
    busy,
    onRetry,
    onContinue,
    onApproval,
    onEdit,
    onRegenerate,
    onSwitchBranch,
  } = props;
  const live = useLiveTurnMessages(item === null);
  const liveCommitted = useContext(LiveRowCommitted);
  // Every commit of the streaming row (no deps): the list measures and follows it now.
  useLayoutEffect(() => {
    if (item === null) liveCommitted?.();
  });
  if (item?.kind === 'user') {
    return (
      <MessageView
        message={item.message}
        onEdit={onEdit}
        branch={branch}
        onSwitchBranch={onSwitchBranch}
        busy={busy}
      />
    );
  }
  if (item === null) {
    return <AssistantTurn messages={live && live.length > 0 ? live : PENDING} live />;
  }
  if (item.messages[0]?.comparison) {
    return (
      <Suspense fallback={null}>
        <ComparisonTurn {...props} messages={item.messages} />
      </Suspense>
    );
  }
  return (
    <AssistantTurn
      messages={item.messages}
      // Whether Retry and Continue apply is for answer-state.ts to say; only the last turn has them.
      onRetry={isLast ? onRetry : undefined}
      onContinue={isLast ? onContinue : undefined}
      // Only the latest turn can still be continued by an approval.
      onApproval={isLast ? onApproval : undefined}
      onRegenerate={onRegenerate}
      branch={branch}
      onSwitchBranch={onSwitchBranch}
      busy={busy}
    />
  );
}, sameRow);
