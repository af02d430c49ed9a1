import type { Assistant } from './assistants';
import type { AttachmentMeta } from './attachments';
import type { ChatMessage, Conversation } from './types';

// The JSON export format (read back by import) and the import API's answer. Pure and shared:
// the server writes and validates these, the browser names the downloaded files after them.

export const EXPORT_VERSION = 1;
/** One conversation: GET /api/conversations/[id]/export?format=json. */
export const CONVERSATION_FORMAT = 'parley.conversation';
/** Every conversation of the user: GET /api/export?format=json. */
export const ARCHIVE_FORMAT = 'parley.archive';
/** Largest file POST /api/import accepts. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** An attachment as exported: its metadata and its bytes (base64), so the file is complete. */
export interface ExportedAttachment extends AttachmentMeta {
  /** Absent when the file could not be read at export time. */
  dataBase64?: string;
}

/** A message as exported: ids only link messages within the file; import gives new ones. */
export type ExportedMessage = Omit<ChatMessage, 'conversationId' | 'attachments'> & {
  attachments?: ExportedAttachment[] | null;
};

export interface ExportedConversationBody {
  conversation: Omit<Conversation, 'id'> & { id: string };
  /** Last message of the branch on screen when exported (null for an empty conversation). */
  activeLeafId: string | null;
  /** Every message, every branch, in the order they were written (a parent before its children). */
  messages: ExportedMessage[];
}

export interface ConversationExport extends ExportedConversationBody {
  format: typeof CONVERSATION_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
}

/** An assistant as exported: its fields and its reference files' text (import gives new ids). */
export interface ExportedAssistant
  extends Omit<
    Assistant,
    'id' | 'source' | 'files' | 'version' | 'share' | 'createdAt' | 'updatedAt'
  > {
  files: { name: string; text: string }[];
}

export interface ArchiveExport {
  format: typeof ARCHIVE_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  conversations: ExportedConversationBody[];
  /** The user's own assistants (absent in files from before assistants). */
  assistants?: ExportedAssistant[];
}

/** POST /api/import */
export interface ImportResult {
  conversations: { id: string; title: string; path: string; messageCount: number }[];
  /** Assistants created (from an archive, or from a NextChat mask file). */
  assistants?: { id: string; name: string }[];
  /** NextChat masks that could not become assistants, and why. */
  skipped?: { index: number; name: string; reason: string }[];
}

/** DELETE /api/me */
export interface DeleteAllResult {
  deletedConversations: number;
}
