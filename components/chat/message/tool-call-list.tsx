import { type ApprovalHandler, ToolCallCard } from '@/components/chat/tool-call/tool-call-card';
import { toolResultFor, toolStateFor } from '@/lib/chat/turns';
import type { ChatMessage, ToolCall } from '@/lib/chat/types';

export interface ToolCallListProps {
  /** The assistant message making the calls: names each card's disclosure across remounts. */
  messageId: string;
  /** The calls of one assistant message, in the order the model made them. */
  toolCalls: ToolCall[];
  /** Every message of the turn: results are found among them by tool call id. */
  turnMessages: ChatMessage[];
  /** The turn goes on (more steps or tool runs to come). */
  turnStreaming: boolean;
  onApproval?: ApprovalHandler;
}

/** One card per call; parallel calls are separate cards in their order. */
export function ToolCallList({
  messageId,
  toolCalls,
  turnMessages,
  turnStreaming,
  onApproval,
}: ToolCallListProps) {
  if (toolCalls.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Tool calls">
      {toolCalls.map((call, index) => (
        // Keyed by call id so a card (and whether the reader opened it) survives every token;
        // the position stands in only while a provider has not sent the id yet.
        <li key={call.id || `index-${index}`} className="min-w-0">
          <ToolCallCard
            call={call}
            status={toolStateFor(call, turnMessages, turnStreaming)}
            result={toolResultFor(call, turnMessages)}
            onApproval={onApproval}
            disclosureKey={`${messageId}:${index}`}
          />
        </li>
      ))}
    </ul>
  );
}
