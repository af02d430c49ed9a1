'use client';
import { useEffect, useRef, useState } from 'react';
import { dismissToast, type Toast, useToasts } from '@/lib/store/toast-store';

/**
 * Renders the toasts of lib/store/toast-store.ts. Info toasts sit in a polite live region,
 * errors in an assertive one; both regions always exist so screen readers announce additions.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Notifications"
      // Top, below the header: at the bottom a toast sat on the composer and its Send button.
      className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col items-center gap-2 sm:items-end"
      >
        {toasts
          .filter((t) => t.tone === 'info')
          .map((t) => (
            <ToastView key={t.id} toast={t} />
          ))}
      </div>
      <div role="alert" className="flex flex-col items-center gap-2 sm:items-end">
        {toasts
          .filter((t) => t.tone === 'error')
          .map((t) => (
            <ToastView key={t.id} toast={t} />
          ))}
      </div>
    </section>
  );
}

/** Counts down only while nobody hovers or focuses it, so there is time to reach "Undo". */
function useAutoDismiss(toast: Toast, paused: boolean) {
  const remaining = useRef(toast.durationMs);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);
}

function ToastView({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(toast, hovered || focused);
  const tone =
    toast.tone === 'error'
      ? 'bg-red-700 text-white dark:bg-red-800'
      : 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer; the buttons inside are the controls
    <div
      data-testid="toast"
      data-tone={toast.tone}
      className={`pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${tone}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <p className="min-w-0 flex-1">{toast.message}</p>
      {toast.action ? (
        <button
          type="button"
          className="shrink-0 rounded px-2 py-1 font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          onClick={() => {
            toast.action?.onClick();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label="Dismiss"
        className="shrink-0 rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
        onClick={() => dismissToast(toast.id)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 4l8 8M12 4l-8 8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
