import 'server-only';
import { z } from 'zod';
import type {
  ChatError,
  ChatMessage,
  ComparisonSlot,
  Conversation,
  ConversationSettings,
  MessageStatus,
  Role,
  ToolCall,
  ToolRun,
  Usage,
} from '@/lib/chat/types';
import type { AttachmentMeta } from '@/lib/chat/attachments';
import type { ConversationAssistant } from '@/lib/chat/assistants';
import { modelSettingsShape } from '@/lib/chat/model-settings-schema';
import type { ConversationRow, MessageRow } from '@/lib/db/schema';

// Rows → Parley types. JSON columns are re-validated on read: a row written by an older
// version (or by hand) must degrade to null rather than hand the UI a malformed shape.

const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];
const STATUSES: readonly MessageStatus[] = ['streaming', 'complete', 'interrupted', 'error'];

const toolCallSchema = z.object({
  id: z.string(),
  type: z.string(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const usageSchema = z.looseObject({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});

const chatErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  retryAfterSeconds: z.number().optional(),
});

const toolRunSchema = z.object({
  name: z.string(),
  status: z.enum(['running', 'done', 'error', 'not_executed', 'awaiting_approval', 'denied']),
  durationMs: z.number().nullable(),
});

// A bad field is dropped on its own (`catch`), so one stale value does not reset the others.
const settingsSchema = z.looseObject({
  tools: z.array(z.string()).optional(),
  systemPrompt: modelSettingsShape.systemPrompt.catch(undefined),
  temperature: modelSettingsShape.temperature.catch(undefined),
  topP: modelSettingsShape.topP.catch(undefined),
  maxTokens: modelSettingsShape.maxTokens.catch(undefined),
  reasoningEffort: modelSettingsShape.reasoningEffort.catch(undefined),
});

const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.string(),
  kind: z.enum(['image', 'text', 'pdf']),
  size: z.number(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  chars: z.number().nullish(),
  sentChars: z.number().nullish(),
});

const comparisonSchema = z.object({
  id: z.string(),
  slot: z.number().int().min(0).max(15),
  provider: z.string(),
});

/** `{ comparison }` on a comparison's answers, so other messages look as they always did. */
export function parseComparison(value: unknown): { comparison: ComparisonSlot } | null {
  const parsed = comparisonSchema.safeParse(value);
  return parsed.success ? { comparison: parsed.data } : null;
}

/** `{ attachments }` when the row has any, so messages without them look as they always did. */
export function parseAttachments(value: unknown): { attachments: AttachmentMeta[] } | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const list = value.flatMap((item) => {
    const parsed = attachmentSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return list.length > 0 ? { attachments: list } : null;
}

export function parseToolRun(value: unknown): ToolRun | null {
  const parsed = toolRunSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseSettings(value: unknown): ConversationSettings {
  const parsed = settingsSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

export function parseToolCalls(value: unknown): ToolCall[] | null {
  if (!Array.isArray(value)) return null;
  // Keep the well-formed calls; one bad entry should not hide the others.
  const calls = value.flatMap((item) => {
    const parsed = toolCallSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return calls;
}

export function parseUsage(value: unknown): Usage | null {
  const parsed = usageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseChatError(value: unknown): ChatError | null {
  const parsed = chatErrorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function isStatus(value: string): value is MessageStatus {
  return (STATUSES as readonly string[]).includes(value);
}

const conversationAssistantSchema = z.object({
  id: z.string(),
  version: z.number(),
  name: z.string(),
  avatar: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** `{ assistant }` when the conversation started from one, so others look as they always did. */
export function parseConversationAssistant(
  value: unknown,
): { assistant: ConversationAssistant } | null {
  const parsed = conversationAssistantSchema.safeParse(value);
  return parsed.success ? { assistant: parsed.data } : null;
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    provider: row.provider,
    settings: parseSettings(row.settings),
    ...(parseConversationAssistant(row.assistant) ?? {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    parentId: row.parentId,
    // Check constraints make these unreachable for rows written through the repository.
    role: isRole(row.role) ? row.role : 'assistant',
    content: row.content,
    reasoning: row.reasoning,
    refusal: row.refusal,
    toolCalls: parseToolCalls(row.toolCalls),
    toolCallId: row.toolCallId,
    status: isStatus(row.status) ? row.status : 'error',
    finishReason: row.finishReason,
    usage: parseUsage(row.usage),
    model: row.model,
    error: parseChatError(row.error),
    reasoningMs: row.reasoningMs,
    toolRun: parseToolRun(row.toolRun),
    // Only present when older messages were left out, so most messages look as they always did.
    ...(row.contextStartId ? { contextStartId: row.contextStartId } : {}),
    ...(parseAttachments(row.attachments) ?? {}),
    ...(parseComparison(row.comparison) ?? {}),
    createdAt: row.createdAt.toISOString(),
  };
}
