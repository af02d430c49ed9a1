import { Markdown } from '@/components/chat/markdown/lazy-markdown';
import { rememberedOpen, rememberToggle } from '../remembered-open';
import { formatThoughtFor } from './format';

export interface ReasoningProps {
  /** The message's id: names the disclosure across remounts (its row scrolled out and back). */
  id?: string;
  text: string;
  /** True while the model is still thinking. */
  streaming: boolean;
  durationMs: number | null;
}

/** The model's reasoning, open while it streams and collapsed once the answer starts. */
export function Reasoning({ id, text, streaming, durationMs }: ReasoningProps) {
  const key = id === undefined ? undefined : `reasoning:${id}`;
  return (
    // `open` follows streaming: React only touches the attribute when the prop changes, so a
    // reader who collapses it mid-stream keeps it collapsed until thinking ends. Once thinking
    // is over, a remounted row shows what the reader last chose.
    <details
      open={streaming || rememberedOpen(key) === true}
      data-testid="reasoning"
      className="group rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the native, keyboard-operable toggle of its <details>; the click only records the reader's choice. */}
      <summary
        onClick={rememberToggle(key)}
        className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-zinc-600 select-none hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 dark:text-zinc-400 dark:hover:text-zinc-100 [&::-webkit-details-marker]:hidden"
      >
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
