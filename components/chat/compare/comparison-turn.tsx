'use client';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { AssistantTurn } from '@/components/chat/message/assistant-turn';
import type { BranchInfo } from '@/lib/chat/api-types';
import type { ComparisonColumn } from '@/lib/chat/comparison';
import type { ChatMessage } from '@/lib/chat/types';
import { useKeepAnswer } from '@/lib/queries/comparisons';
import { conversationDetailOptions } from '@/lib/queries/conversations';
import { findModel, useModels } from '@/lib/queries/models';
import { ComparisonColumnView } from './comparison-column';

// A comparison's answers side by side (a chunk of its own, loaded when a conversation has one):
// columns with the model's name on a wide screen, swipeable tabs on a narrow one. Shown while
// it is the conversation's latest turn, until the reader keeps one answer; after that the kept
// answer reads as an ordinary turn with its versions ("‹ 1/3 ›") and a way back to the columns.

export interface ComparisonTurnProps {
  /** The shown answer's turn (one column of the comparison). */
  messages: ChatMessage[];
  isLast: boolean;
  branch?: BranchInfo;
  busy: boolean;
  onRetry(messageId: string): void;
  onContinue(): void;
  onApproval(toolMessageId: string, approve: boolean): void;
  onRegenerate?(assistantMessageId: string): void;
  onSwitchBranch?(messageId: string): void;
}

/** Comparisons the reader kept an answer of in this tab: shown collapsed from then on. */
const kept = new Set<string>();

const LINK =
  'self-start rounded px-1.5 py-0.5 text-xs text-zinc-600 underline hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-zinc-400 dark:hover:text-zinc-100';

export default function ComparisonTurn(props: ComparisonTurnProps) {
  const { messages, isLast, busy } = props;
  const root = messages[0];
  const comparisonId = root?.comparison?.id ?? '';
  const conversationId = root?.conversationId ?? '';
  const { data: columns } = useQuery({
    ...conversationDetailOptions(conversationId),
    enabled: false,
    select: (detail) => detail.comparisons?.[comparisonId],
  });
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const keep = useKeepAnswer(conversationId);
  const onKeep = useCallback(
    (messageId: string) => {
      kept.add(comparisonId);
      setExpanded(false);
      keep.mutate(messageId, { onError: () => kept.delete(comparisonId) });
    },
    [keep, comparisonId],
  );
  const open = expanded ?? (isLast && !kept.has(comparisonId));

  if (!columns || columns.length < 2 || !open) {
    return (
      <div className="flex flex-col gap-2">
        <AssistantTurn
          messages={messages}
          onRetry={isLast ? props.onRetry : undefined}
          onContinue={isLast ? props.onContinue : undefined}
          onApproval={isLast ? props.onApproval : undefined}
          onRegenerate={props.onRegenerate}
          branch={props.branch}
          onSwitchBranch={props.onSwitchBranch}
          busy={busy}
        />
        {columns && columns.length > 1 ? (
          <button type="button" className={LINK} onClick={() => setExpanded(true)}>
            Show all {columns.length} answers side by side
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <Columns
      conversationId={conversationId}
      comparisonId={comparisonId}
      columns={columns}
      busy={busy}
      onKeep={onKeep}
      onCollapse={isLast ? undefined : () => setExpanded(false)}
    />
  );
}

interface ColumnsProps {
  conversationId: string;
  comparisonId: string;
  columns: ComparisonColumn[];
  busy: boolean;
  onKeep(messageId: string): void;
  onCollapse?: () => void;
}

function Columns({
  conversationId,
  comparisonId,
  columns,
  busy,
  onKeep,
  onCollapse,
}: ColumnsProps) {
  const id = useId();
  const models = useModels().data;
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const scroller = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const several = (models?.providers.length ?? 0) > 1;
  const labels = columns.map((c) => {
    const option = findModel(models, { provider: c.provider, model: c.model });
    const provider = models?.providers.find((p) => p.name === c.provider)?.label;
    const name = option?.label ?? c.model ?? 'Model';
    return several && provider ? `${name} (${provider})` : name;
  });
  const show = (index: number) => {
    setSelected(index);
    const panel = scroller.current?.children[index];
    if (panel instanceof HTMLElement) {
      scroller.current?.scrollTo({ left: panel.offsetLeft, behavior: 'smooth' });
    }
  };
  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.clientWidth === 0) return;
    setSelected(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <section
      aria-label={`${columns.length} answers side by side`}
      data-comparison={comparisonId}
      className="relative left-1/2 flex w-[calc(100cqw-2*var(--spacing-gutter))] max-w-[96rem] -translate-x-1/2 flex-col gap-2"
    >
      <div role="tablist" aria-label="Answers" className="flex gap-1 overflow-x-auto @3xl:hidden">
        {labels.map((label, index) => (
          <button
            key={columns[index]?.slot}
            type="button"
            role="tab"
            aria-selected={selected === index}
            aria-controls={`${id}-${index}`}
            onClick={() => show(index)}
            className="shrink-0 rounded-full border border-zinc-300 px-3 py-1 text-sm aria-selected:bg-zinc-900 aria-selected:text-white focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:aria-selected:bg-zinc-100 dark:aria-selected:text-zinc-900"
          >
            {label}
          </button>
        ))}
      </div>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto @3xl:grid @3xl:snap-none @3xl:overflow-visible"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        {columns.map((column, index) => (
          <ComparisonColumnView
            key={column.slot}
            conversationId={conversationId}
            comparisonId={comparisonId}
            column={column}
            label={labels[index] ?? ''}
            busy={busy}
            panelId={`${id}-${index}`}
            timeZone={timeZone}
            onKeep={onKeep}
          />
        ))}
      </div>
      {onCollapse ? (
        <button type="button" className={LINK} onClick={onCollapse}>
          Show only the kept answer
        </button>
      ) : null}
    </section>
  );
}
