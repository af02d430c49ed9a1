'use client';

import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2_000;

const VISIBLE: Record<CopyState, string> = {
  idle: 'Copy',
  copied: 'Copied',
  failed: 'Copy failed',
};
const ANNOUNCED: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied to clipboard',
  failed: 'Could not copy to clipboard',
};

export interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string;
  /** Accessible name, e.g. "Copy code". Stays fixed; feedback is announced via a status region. */
  label: string;
  className?: string;
}

export function CopyButton({ text, label, className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: CopyState) => {
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), FEEDBACK_MS);
  };

  const copy = async () => {
    try {
      // navigator.clipboard is missing on insecure origins; treat that like a refused write.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      show('copied');
    } catch {
      show('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={copy}
        className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100 ${className ?? ''}`}
      >
        <CopyIcon done={state === 'copied'} />
        <span>{VISIBLE[state]}</span>
      </button>
      <span role="status" className="sr-only">
        {ANNOUNCED[state]}
      </span>
    </>
  );
}

function CopyIcon({ done }: { done: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      {done ? (
        <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <>
          <rect x="5" y="5" width="8" height="8" rx="1.5" />
          <path d="M3 10.5V4a1 1 0 0 1 1-1h6.5" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
