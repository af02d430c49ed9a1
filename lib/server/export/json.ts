import {
  ARCHIVE_FORMAT,
  type ArchiveExport,
  CONVERSATION_FORMAT,
  type ConversationExport,
  EXPORT_VERSION,
  type ExportedConversationBody,
  type ExportedMessage,
} from '@/lib/chat/export-types';
import type { ChatMessage, Conversation } from '@/lib/chat/types';

// JSON exports: everything needed to rebuild the conversation, branches included.

export function exportedMessage({ conversationId: _, ...rest }: ChatMessage): ExportedMessage {
  return rest;
}

export function conversationBody(
  conversation: Conversation,
  messages: readonly ChatMessage[],
  activeLeafId: string | null,
): ExportedConversationBody {
  return {
    conversation: { ...conversation },
    activeLeafId,
    messages: messages.map(exportedMessage),
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
): ArchiveExport {
  return {
    format: ARCHIVE_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    conversations: bodies,
  };
}
