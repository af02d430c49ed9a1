import type { MessageStatus, ToolCall } from '@/lib/chat/types';

export interface ToolCallListProps {
  toolCalls: ToolCall[];
  /** Status of the message carrying the calls; only the last call can still be streaming. */
  status: MessageStatus;
}

// Placeholder until tool calls get proper cards: name plus raw (or pretty-printed) arguments.
export function ToolCallList({ toolCalls, status }: ToolCallListProps) {
  if (toolCalls.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Tool calls">
      {toolCalls.map((call, index) => {
        const callStatus =
          status === 'streaming' && index < toolCalls.length - 1 ? 'complete' : status;
        return (
          <li key={call.id || index}>
            <details
              data-testid="tool-call"
              data-status={callStatus}
              className="rounded-lg border border-zinc-200 text-sm dark:border-zinc-800"
            >
              <summary className="cursor-pointer rounded-lg px-3 py-1.5 font-mono text-zinc-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 dark:text-zinc-300">
                {call.function.name || 'tool call'}
              </summary>
              <pre className="overflow-x-auto border-t border-zinc-200 px-3 py-2 font-mono text-xs whitespace-pre-wrap text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
                {callStatus === 'streaming'
                  ? call.function.arguments
                  : prettyJson(call.function.arguments)}
              </pre>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
