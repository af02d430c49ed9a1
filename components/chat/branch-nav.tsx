'use client';
import { memo } from 'react';
import type { BranchInfo } from '@/lib/chat/api-types';

interface Props {
  branch: BranchInfo;
  /** Called with the id of the version to show. */
  onSwitch(messageId: string): void;
  /** While an answer is being written the shown branch must not change. */
  disabled?: boolean;
}

const buttonClass =
  'inline-flex size-7 items-center justify-center rounded-md text-base leading-none text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** "‹ 2/3 ›": steps between the versions of a message (edits, regenerated answers). */
export const BranchNav = memo(function BranchNav({ branch, onSwitch, disabled }: Props) {
  const { index, count, siblingIds } = branch;
  const previous = index > 0 ? siblingIds[index - 1] : undefined;
  const next = index < count - 1 ? siblingIds[index + 1] : undefined;
  return (
    <fieldset
      aria-label={`Version ${index + 1} of ${count}`}
      data-testid="branch-nav"
      className="m-0 inline-flex min-w-0 items-center gap-0.5 border-0 p-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400"
    >
      <button
        type="button"
        aria-label="Previous version"
        title="Previous version"
        className={buttonClass}
        disabled={disabled || previous === undefined}
        onClick={() => previous && onSwitch(previous)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <span>
        {index + 1}/{count}
      </span>
      <button
        type="button"
        aria-label="Next version"
        title="Next version"
        className={buttonClass}
        disabled={disabled || next === undefined}
        onClick={() => next && onSwitch(next)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </fieldset>
  );
});
