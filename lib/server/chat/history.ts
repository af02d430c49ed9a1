import type { BranchInfo } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { splitThink } from '@/lib/openai/think';
import type { WireContentPart, WireMessage } from '@/lib/server/upstream/types';

// Messages form a tree through parent ids: an edit adds a sibling of the edited user message, a
// regenerated answer a sibling of the old answer. Nothing is ever deleted; the model and the
// screen only ever see one path through the tree, the active branch.

/**
 * The active branch: root → `chosenId` → its newest descendant leaf. `chosenId` is the message
 * the user last switched to or created (conversations.active_leaf_id); without one, or when it
 * is not in `messages`, the branch ends at the newest leaf. `messages` are in insertion order.
 */
export function activeBranch(
  messages: readonly ChatMessage[],
  chosenId?: string | null,
): ChatMessage[] {
  const leaf = (chosenId ? newestLeafUnder(messages, chosenId) : null) ?? messages.at(-1);
  return leaf ? branchTo(messages, leaf.id) : [];
}

/** The path from the root to `leafId` (empty when it is unknown). */
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
 * The most recently inserted leaf among `id` and its descendants (the message itself when it has
 * none); null when `id` is not in `messages`.
 */
export function newestLeafUnder(messages: readonly ChatMessage[], id: string): ChatMessage | null {
  const children = new Map<string, ChatMessage[]>();
  for (const m of messages) {
    if (!m.parentId) continue;
    const list = children.get(m.parentId);
    if (list) list.push(m);
    else children.set(m.parentId, [m]);
  }
  const order = new Map(messages.map((m, i) => [m.id, i]));
  const root = messages.find((m) => m.id === id);
  if (!root) return null;
  let best: ChatMessage | null = null;
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ChatMessage;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const below = children.get(node.id) ?? [];
    if (below.length === 0 && (!best || (order.get(node.id) ?? 0) > (order.get(best.id) ?? 0))) {
      best = node;
    }
    stack.push(...below);
  }
  // Only a parent cycle (corrupt data) leaves no leaf; the chosen message still ends the branch.
  return best ?? root;
}

/**
 * Version info for every message of `branch` that has other versions: the messages with the same
 * parent and the same role, oldest first. Tool results are never versions of each other.
 */
export function branchInfo(
  messages: readonly ChatMessage[],
  branch: readonly ChatMessage[],
): Record<string, BranchInfo> {
  const groups = new Map<string, string[]>();
  for (const m of messages) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const key = `${m.parentId ?? ''}:${m.role}`;
    const group = groups.get(key);
    if (group) group.push(m.id);
    else groups.set(key, [m.id]);
  }
  const info: Record<string, BranchInfo> = {};
  for (const m of branch) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const siblingIds = groups.get(`${m.parentId ?? ''}:${m.role}`) ?? [];
    if (siblingIds.length < 2) continue;
    info[m.id] = { index: siblingIds.indexOf(m.id), count: siblingIds.length, siblingIds };
  }
  return info;
}

/**
 * A tool message the model may see: the tool ran, failed, was denied or does not exist, so there
 * is a result that says what happened.
 */
function isAnswer(m: ChatMessage): boolean {
  if (m.role !== 'tool' || !m.toolCallId) return false;
  const status = m.toolRun?.status;
  if (status === 'not_executed') return m.content !== '';
  return status === undefined || status === 'done' || status === 'error' || status === 'denied';
}

/**
 * What the model is sent: content and tool calls, never reasoning. Answers that produced nothing
 * are left out (a provider rejects an empty assistant turn), and tool calls are only sent with
 * their results, which the API requires.
 */
export function toWireMessages(
  branch: readonly ChatMessage[],
  options: {
    /** Content parts for a user message with attachments (lib/server/attachments/wire.ts). */
    userParts?: (m: ChatMessage) => WireContentPart[];
  } = {},
): WireMessage[] {
  const answered = new Set(branch.filter(isAnswer).map((m) => m.toolCallId));
  const wire: WireMessage[] = [];
  for (const m of branch) {
    if (m.role === 'tool') {
      if (isAnswer(m))
        wire.push({ role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' });
      continue;
    }
    if (m.role !== 'assistant') {
      const parts = m.role === 'user' && m.attachments?.length ? options.userParts?.(m) : undefined;
      wire.push({ role: m.role, content: parts ?? m.content });
      continue;
    }
    const calls = (m.toolCalls ?? []).filter((c) => answered.has(c.id));
    // Reasoning is never sent back, whatever field it came in: answers saved or imported with a
    // think block still inside their content lose it here.
    const content = splitThink(m.content).content;
    if (!content && calls.length === 0) continue;
    wire.push({
      role: 'assistant',
      content: content || null,
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
    });
  }
  return wire;
}
