'use client';

import { useState } from 'react';

const buttonClass =
  'rounded-md border px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:ring-offset-zinc-950';

export interface ApprovalButtonsProps {
  /** Called with the choice; while a returned promise is pending both buttons are disabled. */
  onDecide: (approve: boolean) => unknown;
}

/** Approve / Deny for a tool call that waits for the reader's consent. */
export function ApprovalButtons({ onDecide }: ApprovalButtonsProps) {
  const [pending, setPending] = useState(false);

  const decide = (approve: boolean) => {
    const result = onDecide(approve);
    if (!(result instanceof Promise)) return;
    setPending(true);
    // Re-enable either way: on success the card's status changes and the buttons go away.
    result.then(
      () => setPending(false),
      () => setPending(false),
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={pending}
        onClick={() => decide(true)}
        className={`${buttonClass} border-zinc-900 bg-zinc-900 text-white hover:bg-zinc-700 focus-visible:ring-zinc-500 dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300`}
      >
        Approve
      </button>
      <button
        type="button"
        disabled={pending}
        onClick={() => decide(false)}
        className={`${buttonClass} border-zinc-300 text-zinc-800 hover:bg-zinc-100 focus-visible:ring-zinc-500 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800`}
      >
        Deny
      </button>
    </div>
  );
}
