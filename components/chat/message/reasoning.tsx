import { Markdown } from '@/components/chat/markdown/lazy-markdown';
import { formatThoughtFor } from './format';

export interface ReasoningProps {
  text: string;
  /** True while the model is still thinking. */
  streaming: boolean;
  durationMs: number | null;
}

/** The model's reasoning, open while it streams and collapsed once the answer starts. */
export function Reasoning({ text, streaming, durationMs }: ReasoningProps) {
  return (
    // `open` follows streaming: React only touches the attribute when the prop changes, so a
    // reader who collapses it mid-stream keeps it collapsed until thinking ends.
    <details
      open={streaming}
      data-testid="reasoning"
      className="group rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-zinc-600 select-none hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 dark:text-zinc-400 dark:hover:text-zinc-100 [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-3 transition-transform group-open:rotate-90 motion-reduce:transition-none"
          fill="currentColor"
        >
          <path d="M6 3.5l5 4.5-5 4.5z" />
        </svg>
        <span className={streaming ? 'animate-pulse motion-reduce:animate-none' : undefined}>
          {streaming ? 'Thinking…' : formatThoughtFor(durationMs)}
        </span>
      </summary>
      <div className="border-t border-zinc-200 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <Markdown text={text} streaming={streaming} />
      </div>
    </details>
  );
}
