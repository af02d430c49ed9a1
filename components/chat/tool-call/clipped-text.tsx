import { clipText } from './format';
import { PRE_CLASS } from './section';

export interface ClippedTextProps {
  text: string;
  className?: string;
  testId?: string;
}

/**
 * Long text shows its first lines and a "Show all" toggle. The toggle is a native checkbox whose
 * state CSS reads (`:has(:checked)`), so it works without JavaScript, like the card itself. A
 * nested <details> would also do, but then a card would hold two <summary> elements and
 * `card.locator('summary')` would no longer mean the card's own summary.
 */
export function ClippedText({ text, className = PRE_CLASS, testId }: ClippedTextProps) {
  const { preview, clipped, totalLines } = clipText(text);
  if (!clipped) {
    return (
      <pre data-testid={testId} className={className}>
        {text}
      </pre>
    );
  }
  return (
    <div className="group/clip flex min-w-0 flex-col gap-1.5">
      <pre
        data-testid={testId}
        data-clipped=""
        className={`${className} group-has-checked/clip:hidden`}
      >
        {preview}
        <span aria-hidden="true">{'\n…'}</span>
      </pre>
      <pre
        data-testid={testId ? `${testId}-full` : undefined}
        className={`${className} hidden group-has-checked/clip:block`}
      >
        {text}
      </pre>
      <label className="flex w-fit cursor-pointer items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-zinc-600 select-none hover:bg-zinc-100 hover:text-zinc-900 has-focus-visible:ring-2 has-focus-visible:ring-zinc-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100">
        {/* The name stays "Show all"; checked means everything is shown. */}
        <input type="checkbox" data-testid="show-all" aria-label="Show all" className="sr-only" />
        <span className="group-has-checked/clip:hidden">Show all</span>
        <span className="hidden group-has-checked/clip:inline">Show less</span>
        <span className="font-normal text-zinc-500 group-has-checked/clip:hidden dark:text-zinc-400">
          ({totalLines.toLocaleString('en-US')} lines, {text.length.toLocaleString('en-US')}{' '}
          characters)
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-3 group-has-checked/clip:rotate-180"
          fill="currentColor"
        >
          <path d="M3.5 6l4.5 5 4.5-5z" />
        </svg>
      </label>
    </div>
  );
}
