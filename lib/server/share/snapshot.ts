// Building and reading share snapshots. Pure: the routes and the repository do the I/O.

import { z } from 'zod';
import type { ChatMessage, Conversation, MessageStatus, ToolRun } from '@/lib/chat/types';
import { parseChatError, parseToolCalls, parseToolRun, parseUsage } from '@/lib/server/db/rows';
import type { PublicShare, SharedMessage, ShareSnapshot } from '@/lib/share/types';

/**
 * Freezes the active branch of a conversation. Only what the page shows is copied: message ids
 * are replaced (the owner's ids stay private), system messages and the conversation's settings
 * are left out, and work still in progress is recorded as stopped, since a snapshot never moves.
 */
export function buildSnapshot(input: {
  conversation: Conversation;
  branch: readonly ChatMessage[];
  indexable: boolean;
  now?: Date;
  newId?: () => string;
}): ShareSnapshot {
  const newId = input.newId ?? (() => crypto.randomUUID());
  const shared: SharedMessage[] = [];
  for (const message of input.branch) {
    if (message.role === 'system') continue;
    // contextStartId would point at one of the owner's message ids.
    const { conversationId: _conversationId, contextStartId: _contextStartId, ...rest } = message;
    shared.push({
      ...rest,
      id: newId(),
      parentId: shared.at(-1)?.id ?? null,
      status: frozenStatus(message.status),
      toolRun: frozenToolRun(message.toolRun),
    });
  }
  return {
    version: 1,
    title: input.conversation.title,
    model: input.conversation.model,
    conversationCreatedAt: input.conversation.createdAt,
    takenAt: (input.now ?? new Date()).toISOString(),
    indexable: input.indexable,
    messages: shared,
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

const sharedMessageSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  reasoning: z.string().nullable(),
  refusal: z.string().nullable(),
  toolCalls: z.unknown().transform(parseToolCalls),
  toolCallId: z.string().nullable(),
  status: z.enum(['streaming', 'complete', 'interrupted', 'error']),
  finishReason: z.string().nullable(),
  usage: z.unknown().transform(parseUsage),
  model: z.string().nullable(),
  error: z.unknown().transform(parseChatError),
  reasoningMs: z.number().nullable(),
  toolRun: z.unknown().transform(parseToolRun),
  createdAt: z.string(),
});

const snapshotSchema = z.object({
  version: z.literal(1),
  title: z.string(),
  model: z.string().nullable(),
  conversationCreatedAt: z.string(),
  takenAt: z.string(),
  indexable: z.boolean(),
  messages: z.array(sharedMessageSchema),
});

/** A stored snapshot, re-validated on read; null when it is not one this code wrote. */
export function parseSnapshot(value: unknown): ShareSnapshot | null {
  const parsed = snapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toPublicShare(id: string, snapshot: ShareSnapshot): PublicShare {
  return {
    id,
    title: snapshot.title,
    model: snapshot.model,
    conversationCreatedAt: snapshot.conversationCreatedAt,
    takenAt: snapshot.takenAt,
    indexable: snapshot.indexable,
    messages: snapshot.messages,
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
  const line = first.replace(/\s+/g, ' ').trim();
  if (!line) return 'A conversation shared from Parley.';
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}
