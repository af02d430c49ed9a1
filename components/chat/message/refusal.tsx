export interface RefusalProps {
  text: string;
}

/** The model declined to answer; shown apart from normal content. Plain text, never markdown. */
export function Refusal({ text }: RefusalProps) {
  return (
    <div
      role="note"
      aria-label="Refusal"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="8" cy="8" r="6.25" />
        <path d="M3.6 12.4l8.8-8.8" />
      </svg>
      <p className="whitespace-pre-wrap break-words">{text}</p>
    </div>
  );
}
