import type { ToolCardStatus } from '@/lib/chat/turns';
import { ClippedText } from './clipped-text';
import { formatResult } from './format';
import { CardSection, MutedNote, PRE_CLASS } from './section';

const ERROR_PRE_CLASS =
  'overflow-x-auto rounded-md border border-red-200 bg-red-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100';

// What to say when a finished call has no result text of its own.
const NO_CONTENT: Partial<Record<ToolCardStatus, string>> = {
  done: 'The tool returned nothing.',
  error: 'The tool failed without a message.',
  not_executed: 'This tool was not run.',
  denied: 'You denied this tool call.',
};

export interface ToolResultProps {
  status: ToolCardStatus;
  /** The tool message's content (what the model received), when there is a tool message. */
  content: string | null;
}

/** The outcome of a call: the result text, an error, or where the call stands. */
export function ToolResult({ status, content }: ToolResultProps) {
  if (status === 'streaming') return null;
  if (status === 'running') {
    return (
      <CardSection label="Result">
        <MutedNote>Running…</MutedNote>
      </CardSection>
    );
  }
  if (status === 'awaiting_approval') {
    return (
      <CardSection label="Result">
        <MutedNote>This tool runs only after you approve it.</MutedNote>
      </CardSection>
    );
  }
  const error = status === 'error';
  const label = error ? 'Error' : 'Result';
  if (content === null || content.trim() === '') {
    return (
      <CardSection label={label} tone={error ? 'error' : 'default'}>
        <MutedNote>{NO_CONTENT[status]}</MutedNote>
      </CardSection>
    );
  }
  const { text } = formatResult(content);
  return (
    <CardSection label={label} tone={error ? 'error' : 'default'}>
      <ClippedText
        text={text}
        testId="tool-result"
        className={error ? ERROR_PRE_CLASS : PRE_CLASS}
      />
    </CardSection>
  );
}
