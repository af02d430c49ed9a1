import { formatArguments } from '@/lib/chat/tool-arguments';
import { CardSection, MutedNote, PRE_CLASS } from './section';

export interface ToolArgumentsProps {
  /** The arguments as the model sent them (a JSON string, possibly still growing). */
  raw: string;
  /** True while more of the arguments may arrive. */
  streaming: boolean;
}

/**
 * The call's arguments, pretty-printed: best-effort while they stream, exact once complete, and
 * raw with a warning when they are not (and can no longer become) valid JSON.
 */
export function ToolArguments({ raw, streaming }: ToolArgumentsProps) {
  if (raw.trim() === '') {
    return (
      <CardSection label="Arguments">
        <MutedNote>{streaming ? 'Waiting for arguments…' : 'No arguments'}</MutedNote>
      </CardSection>
    );
  }
  const formatted = formatArguments(raw);
  const invalid = !formatted.valid || (!streaming && !formatted.complete);
  return (
    <CardSection label="Arguments">
      {invalid ? (
        <p
          data-testid="tool-arguments-warning"
          className="flex items-center gap-1.5 text-xs text-amber-800 dark:text-amber-300"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="size-3.5 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M8 2.5l6 11H2z" strokeLinejoin="round" />
            <path d="M8 7v3M8 11.75v.01" strokeLinecap="round" />
          </svg>
          Arguments are not valid JSON
        </p>
      ) : null}
      <pre data-testid="tool-arguments" className={PRE_CLASS}>
        {invalid ? raw : formatted.text}
      </pre>
    </CardSection>
  );
}
