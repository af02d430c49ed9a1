import type { ChatMessage } from './types';

// A comparison as the screen shows it: one user message answered by several models at once, one
// column per answer. A column is its answer and what grew under it before the next user message
// (tool results and later steps); a retried column shows its newest answer.

export interface ComparisonColumn {
  slot: number;
  provider: string;
  model: string | null;
  /** The answer and its tool steps, in order. */
  messages: ChatMessage[];
}

/** Every answer of the tree that belongs to a comparison, by comparison id. */
function answersByComparison(messages: readonly ChatMessage[]): Map<string, ChatMessage[]> {
  const byId = new Map<string, ChatMessage[]>();
  for (const m of messages) {
    if (m.role !== 'assistant' || !m.comparison) continue;
    const list = byId.get(m.comparison.id);
    if (list) list.push(m);
    else byId.set(m.comparison.id, [m]);
  }
  return byId;
}

/** The answer and every message under it up to the next user message, in list order. */
export function columnMessages(messages: readonly ChatMessage[], root: ChatMessage): ChatMessage[] {
  const mine = new Set([root.id]);
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (m.id === root.id || (m.role !== 'user' && m.parentId && mine.has(m.parentId))) {
      mine.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/**
 * The columns of each comparison whose question is on the shown branch (the answers are its
 * siblings, so only one of them is on the branch): per slot, its newest answer.
 */
export function comparisonColumns(
  messages: readonly ChatMessage[],
  branch: readonly ChatMessage[],
): Record<string, ComparisonColumn[]> {
  const shown = new Set(branch.filter((m) => m.comparison).map((m) => m.comparison?.id));
  if (shown.size === 0) return {};
  const out: Record<string, ComparisonColumn[]> = {};
  for (const [id, answers] of answersByComparison(messages)) {
    if (!shown.has(id)) continue;
    const newest = new Map<number, ChatMessage>();
    for (const answer of answers) newest.set(answer.comparison?.slot ?? 0, answer);
    out[id] = [...newest.entries()]
      .sort(([a], [b]) => a - b)
      .map(([slot, root]) => ({
        slot,
        provider: root.comparison?.provider ?? '',
        model: root.model,
        messages: columnMessages(messages, root),
      }));
  }
  return out;
}

/** The first message of the turn `id` belongs to (walking up through its tool steps). */
export function turnRoot(messages: readonly ChatMessage[], id: string): ChatMessage | undefined {
  const byId = new Map(messages.map((m) => [m.id, m]));
  let m = byId.get(id);
  if (m?.role === 'user') return m;
  while (m?.parentId) {
    const parent = byId.get(m.parentId);
    if (!parent || parent.role === 'user') break;
    m = parent;
  }
  return m;
}
