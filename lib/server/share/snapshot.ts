// Building and reading share snapshots. Pure: the routes and the repository do the I/O.

import type { ComparisonColumn } from '@/lib/chat/comparison';
import { cleanLabel } from '@/lib/chat/text-hygiene';
import type { ChatMessage, Conversation, MessageStatus, ToolRun } from '@/lib/chat/types';
import type { PublicShare, SharedColumn, SharedMessage, ShareSnapshot } from '@/lib/share/types';

// Reading a stored snapshot back is the repository's job (it validates every row it returns).
export { parseSnapshot } from '@/lib/server/db/snapshot-row';

/**
 * Freezes the active branch of a conversation. Only what the page shows is copied: message ids
 * are replaced (the owner's ids stay private), system messages and the conversation's settings
 * are left out, and work still in progress is recorded as stopped, since a snapshot never moves.
 */
export function buildSnapshot(input: {
  conversation: Conversation;
  branch: readonly ChatMessage[];
  /** The columns of each comparison on the branch (lib/chat/comparison.ts). */
  comparisons?: Record<string, ComparisonColumn[]>;
  indexable: boolean;
  /** Off by default: files are only shared when the owner asks for it. */
  includeAttachments?: boolean;
  now?: Date;
  newId?: () => string;
}): ShareSnapshot {
  const newId = input.newId ?? (() => crypto.randomUUID());
  // A comparison's id is the owner's too: each gets a fresh one.
  const comparisonIds = new Map<string, string>();
  const freezeAll = (messages: readonly ChatMessage[]) => {
    const out: SharedMessage[] = [];
    for (const message of messages) {
      if (message.role === 'system') continue;
      out.push(freeze(message, newId(), out.at(-1)?.id ?? null));
    }
    return out;
  };
  const freeze = (message: ChatMessage, id: string, parentId: string | null): SharedMessage => {
    // contextStartId would point at one of the owner's message ids.
    const {
      conversationId: _conversationId,
      contextStartId: _contextStartId,
      attachments,
      comparison,
      ...rest
    } = message;
    let comparisonId = comparison ? comparisonIds.get(comparison.id) : undefined;
    if (comparison && !comparisonId) {
      comparisonId = newId();
      comparisonIds.set(comparison.id, comparisonId);
    }
    return {
      ...rest,
      ...(input.includeAttachments && attachments?.length ? { attachments } : {}),
      ...(comparison && comparisonId ? { comparison: { ...comparison, id: comparisonId } } : {}),
      id,
      parentId,
      status: frozenStatus(message.status),
      toolRun: frozenToolRun(message.toolRun),
    };
  };
  const shared = freezeAll(input.branch);
  const comparisons: Record<string, SharedColumn[]> = {};
  for (const [ownerId, columns] of Object.entries(input.comparisons ?? {})) {
    const id = comparisonIds.get(ownerId);
    if (!id) continue;
    comparisons[id] = columns.map((c) => ({
      slot: c.slot,
      provider: c.provider,
      model: c.model,
      messages: freezeAll(c.messages),
    }));
  }
  return {
    version: 1,
    title: input.conversation.title,
    model: input.conversation.model,
    conversationCreatedAt: input.conversation.createdAt,
    takenAt: (input.now ?? new Date()).toISOString(),
    indexable: input.indexable,
    ...(input.includeAttachments ? { includeAttachments: true } : {}),
    messages: shared,
    ...(Object.keys(comparisons).length > 0 ? { comparisons } : {}),
  };
}

function frozenStatus(status: MessageStatus): MessageStatus {
  return status === 'streaming' ? 'interrupted' : status;
}

function frozenToolRun(run: ToolRun | null): ToolRun | null {
  if (!run) return null;
  // A tool still running or waiting for approval never finishes inside a snapshot.
  return run.status === 'running' || run.status === 'awaiting_approval'
    ? { ...run, status: 'not_executed' }
    : run;
}

export function toPublicShare(id: string, snapshot: ShareSnapshot): PublicShare {
  return {
    id,
    // Cleaned again when shown: a title saved before labels were cleaned may hold bidi controls,
    // and this one is the page's <title> and its link preview.
    title: cleanLabel(snapshot.title),
    model: snapshot.model,
    conversationCreatedAt: snapshot.conversationCreatedAt,
    takenAt: snapshot.takenAt,
    indexable: snapshot.indexable,
    messages: snapshot.messages,
    ...(snapshot.comparisons ? { comparisons: snapshot.comparisons } : {}),
  };
}

/** What components that render chat messages expect; the share id stands in for a conversation. */
export function asChatMessages(shareId: string, messages: readonly SharedMessage[]): ChatMessage[] {
  return messages.map((m) => ({ ...m, conversationId: shareId }));
}

/** A one-line description for link previews: the first question, shortened. */
export function describeSnapshot(
  snapshot: Pick<ShareSnapshot, 'messages'>,
  maxChars = 160,
): string {
  const first = snapshot.messages.find((m) => m.role === 'user')?.content ?? '';
  const line = cleanLabel(first);
  if (!line) return 'A conversation shared from Parley.';
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}
