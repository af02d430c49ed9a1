import type { ChatMessage, Role } from '@/lib/chat/types';

// Shapes of shared links, used by the share routes, the shared page and the share dialog.

/**
 * A message frozen into a share. It carries a fresh id (not the owner's message id) and no
 * conversation id, so a share reveals nothing about the owner's data beyond what it shows.
 */
export type SharedMessage = Omit<ChatMessage, 'conversationId'>;

/**
 * One answer of a comparison on the shared branch (one question, several models at once), with
 * its tool steps. The comparison's id in a share is fresh too.
 */
export interface SharedColumn {
  slot: number;
  provider: string;
  model: string | null;
  messages: SharedMessage[];
}

/** What a share stores: everything the shared page shows, and nothing else. */
export interface ShareSnapshot {
  version: 1;
  title: string;
  model: string | null;
  /** When the conversation was started. */
  conversationCreatedAt: string;
  /** When this snapshot was taken (creating or updating the link). */
  takenAt: string;
  /** The owner opted in to search engines; otherwise the page says `noindex`. */
  indexable: boolean;
  /** The owner ticked "include attachments"; otherwise messages carry none. */
  includeAttachments?: boolean;
  /** The active branch at the time, oldest first, without system messages. */
  messages: SharedMessage[];
  /** Every answer of each comparison on the branch, by (fresh) comparison id; absent = none. */
  comparisons?: Record<string, SharedColumn[]>;
}

/** The owner's view of one link. */
export interface ShareSummary {
  id: string;
  /** Path of the shared page, e.g. `/s/abc…`; the browser prefixes its own origin. */
  path: string;
  conversationId: string;
  title: string;
  indexable: boolean;
  /** Whether the snapshot carries the messages' attachments (absent from list items). */
  includeAttachments?: boolean;
  /** Questions asked and answers given (not stored rows: a tool turn is one answer). */
  questions: number;
  answers: number;
  createdAt: string;
  updatedAt: string;
}

/** Text that looks like a credential, found before sharing. */
export interface SecretFinding {
  kind: string;
  /** Human-readable kind, e.g. "GitHub token". */
  label: string;
  /** Position of the message in the shared branch (0 = first). */
  messageIndex: number;
  role: Role;
  /** A few leading characters only, so the warning itself does not repeat the secret. */
  preview: string;
}

/** GET /api/conversations/[id]/share */
export interface ConversationShareStatus {
  share: ShareSummary | null;
  findings: SecretFinding[];
}

/** GET /api/shares */
export interface ShareList {
  items: ShareSummary[];
}

/** GET /api/shares/[id]: the public, read-only view (the same for every caller). */
export interface PublicShare {
  id: string;
  title: string;
  model: string | null;
  conversationCreatedAt: string;
  takenAt: string;
  indexable: boolean;
  messages: SharedMessage[];
  comparisons?: Record<string, SharedColumn[]>;
}

/** POST /api/shares/[id]/fork */
export interface ForkResult {
  conversationId: string;
  path: string;
}
