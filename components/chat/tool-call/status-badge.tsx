import type { ToolCardStatus } from '@/lib/chat/turns';
import { STATUS_LABEL } from './format';

// Colour only reinforces the label; every status is spelled out.
const TONE: Record<ToolCardStatus, string> = {
  streaming: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  running: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  error: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  not_executed: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  awaiting_approval: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  denied: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
};

const PULSING = new Set<ToolCardStatus>(['streaming', 'running']);

export function StatusBadge({ status }: { status: ToolCardStatus }) {
  return (
    <span
      data-testid="tool-status"
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[status]} ${
        PULSING.has(status) ? 'animate-pulse motion-reduce:animate-none' : ''
      }`}
    >
      {STATUS_LABEL[status]}
    </span>
  );
}
