import {
  ARCHIVE_FORMAT,
  type ArchiveExport,
  CONVERSATION_FORMAT,
  type ConversationExport,
  EXPORT_VERSION,
  type ExportedAssistant,
  type ExportedConversationBody,
  type ExportedMessage,
} from '@/lib/chat/export-types';
import type { ChatMessage, Conversation } from '@/lib/chat/types';

// JSON exports: everything needed to rebuild the conversation, branches included.

/** Base64 of each attachment's bytes, by attachment id. */
export type AttachmentData = ReadonlyMap<string, string>;

export function exportedMessage(
  { conversationId: _, ...rest }: ChatMessage,
  data: AttachmentData = new Map(),
): ExportedMessage {
  if (!rest.attachments?.length) return rest;
  return {
    ...rest,
    attachments: rest.attachments.map((a) => {
      const bytes = data.get(a.id);
      return bytes === undefined ? { ...a } : { ...a, dataBase64: bytes };
    }),
  };
}

export function conversationBody(
  conversation: Conversation,
  messages: readonly ChatMessage[],
  activeLeafId: string | null,
  data: AttachmentData = new Map(),
): ExportedConversationBody {
  return {
    conversation: { ...conversation },
    activeLeafId,
    messages: messages.map((m) => exportedMessage(m, data)),
  };
}

export function toConversationExport(
  body: ExportedConversationBody,
  now: Date = new Date(),
): ConversationExport {
  return {
    format: CONVERSATION_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    ...body,
  };
}

export function toArchiveExport(
  bodies: ExportedConversationBody[],
  now: Date = new Date(),
  assistants: ExportedAssistant[] = [],
): ArchiveExport {
  return {
    format: ARCHIVE_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    conversations: bodies,
    assistants,
  };
}
