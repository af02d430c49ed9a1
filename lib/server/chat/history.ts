import type { ChatMessage } from '@/lib/chat/types';
import type { WireMessage } from '@/lib/server/upstream/types';

/**
 * The active branch: from the newest message back to the root through parent ids. Messages form
 * a tree (edits and retries branch), and the model only ever sees one path through it.
 */
export function activeBranch(messages: readonly ChatMessage[]): ChatMessage[] {
  if (messages.length === 0) return [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const path: ChatMessage[] = [];
  let node: ChatMessage | undefined = messages[messages.length - 1];
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    path.push(node);
    node = node.parentId ? byId.get(node.parentId) : undefined;
  }
  return path.reverse();
}

/** The branch ending at `leafId` (used by Retry, whose new answer is a sibling of the old one). */
export function branchTo(messages: readonly ChatMessage[], leafId: string): ChatMessage[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const path: ChatMessage[] = [];
  let node = byId.get(leafId);
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    path.push(node);
    node = node.parentId ? byId.get(node.parentId) : undefined;
  }
  return path.reverse();
}

/**
 * What the model is sent. Answers that produced nothing are left out (a provider rejects an
 * empty assistant turn), and tool calls are only sent with their results, which the API requires.
 */
/** A tool message the model may see: the tool ran (or was denied), so there is a result. */
function isAnswer(m: ChatMessage): boolean {
  if (m.role !== 'tool' || !m.toolCallId) return false;
  const status = m.toolRun?.status;
  return status === undefined || status === 'done' || status === 'error' || status === 'denied';
}

export function toWireMessages(branch: readonly ChatMessage[]): WireMessage[] {
  const answered = new Set(branch.filter(isAnswer).map((m) => m.toolCallId));
  const wire: WireMessage[] = [];
  for (const m of branch) {
    if (m.role === 'tool') {
      if (isAnswer(m))
        wire.push({ role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' });
      continue;
    }
    if (m.role !== 'assistant') {
      wire.push({ role: m.role, content: m.content });
      continue;
    }
    const calls = (m.toolCalls ?? []).filter((c) => answered.has(c.id));
    if (!m.content && calls.length === 0) continue;
    wire.push({
      role: 'assistant',
      content: m.content || null,
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    });
  }
  return wire;
}
