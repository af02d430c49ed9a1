import 'server-only';
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type {
  ChatError,
  ComparisonSlot,
  MessageStatus,
  Role,
  ToolCall,
  ToolRun,
  Usage,
} from '@/lib/chat/types';
import { conversations, type NewMessageRow } from '@/lib/db/schema';
import type { Cursor } from '@/lib/server/db/cursor';

// Internal to the repository folder (index.ts does not re-export it).

export interface NewMessage {
  /** Defaults to crypto.randomUUID(). */
  id?: string;
  conversationId: string;
  parentId?: string | null;
  role: Role;
  content?: string;
  reasoning?: string | null;
  refusal?: string | null;
  toolCalls?: ToolCall[] | null;
  toolCallId?: string | null;
  status: MessageStatus;
  finishReason?: string | null;
  usage?: Usage | null;
  model?: string | null;
  error?: ChatError | null;
  reasoningMs?: number | null;
  toolRun?: ToolRun | null;
  attachments?: AttachmentMeta[] | null;
  comparison?: ComparisonSlot | null;
}

/**
 * The messages row for `message` with every optional field defaulted. One mapping for both the
 * single insert and the import's batches, so a new column cannot be forgotten in one of them.
 */
export function messageValues(
  message: Omit<NewMessage, 'conversationId'>,
  conversationId: string,
): NewMessageRow {
  return {
    id: message.id ?? crypto.randomUUID(),
    conversationId,
    parentId: message.parentId ?? null,
    role: message.role,
    content: message.content ?? '',
    reasoning: message.reasoning ?? null,
    refusal: message.refusal ?? null,
    toolCalls: message.toolCalls ?? null,
    toolCallId: message.toolCallId ?? null,
    status: message.status,
    finishReason: message.finishReason ?? null,
    usage: message.usage ?? null,
    model: message.model ?? null,
    error: message.error ?? null,
    reasoningMs: message.reasoningMs ?? null,
    toolRun: message.toolRun ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
    comparison: message.comparison ?? null,
  };
}

/**
 * The user's live (not deleted) conversations after a keyset cursor, in the order every list
 * uses: newest updated first, id as the tie-break.
 */
export function ownedAfter(userId: string, after: Cursor | null): SQL | undefined {
  return and(
    eq(conversations.userId, userId),
    isNull(conversations.deletedAt),
    after
      ? or(
          lt(conversations.updatedAt, after.updatedAt),
          and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id)),
        )
      : undefined,
  );
}
