import type { AttachmentLimits } from './attachments';
import type { ComparisonColumn } from './comparison';
import type { ChatMessage, Conversation } from './types';

// Response bodies of Parley's own API, shared by the route handlers and the browser hooks.

export interface ConversationDetail {
  conversation: Conversation;
  /** The active branch, oldest first. */
  messages: ChatMessage[];
  /**
   * For each message of the active branch that has other versions (edits of a user message,
   * regenerated answers): where it sits among them. Absent or missing a key = no other versions.
   */
  branches?: Record<string, BranchInfo>;
  /**
   * The columns of each comparison on the shown branch (lib/chat/comparison.ts), by comparison
   * id: every model's answer to the one question, side by side. Absent = none.
   */
  comparisons?: Record<string, ComparisonColumn[]>;
}

/** POST /api/chat/compare: the question saved, one answer per model being written. */
export interface ComparisonStarted {
  conversation: Conversation;
  /** Null when the request did not create one (never, today: a comparison always asks anew). */
  userMessage: ChatMessage | null;
  comparisonId: string;
  /** In column order; each streams from GET /api/conversations/{id}/stream?message={id}. */
  answers: { message: ChatMessage; generationId: string }[];
}

/** A message's versions: the messages with the same parent and role, oldest first. */
export interface BranchInfo {
  /** Position of this message in `siblingIds` (0-based; shown as index + 1). */
  index: number;
  count: number;
  siblingIds: string[];
}

/** Where a search matched a conversation, as a short excerpt around the match. */
export interface SearchMatch {
  source: 'title' | 'user' | 'assistant';
  snippet: string;
}

/** A row of the history list; `match` only on search results (`?q=`). */
export interface ConversationListItem extends Conversation {
  match?: SearchMatch;
}

export interface ConversationPage {
  items: ConversationListItem[];
  nextCursor: string | null;
}

/** A model the browser may pick; `provider` + `id` name it in a chat request. */
export interface ModelOption {
  id: string;
  label: string;
  provider: string;
  /** Context size in tokens, configured or assumed (older messages are left out beyond it). */
  contextWindow: number;
  /** Whether the model takes a reasoning effort (the setting is only sent then). */
  reasoningEffort: boolean;
  /** Whether the model may be sent images (otherwise they go as text descriptions). */
  vision: boolean;
}

export interface ProviderSummary {
  name: string;
  label: string;
  /** Set when the provider's model list could not be fetched and it has no configured models. */
  error: string | null;
}

export interface ModelsResponse {
  /** Every provider's models, grouped by provider in configuration order. */
  models: ModelOption[];
  providers: ProviderSummary[];
  defaultProvider: string;
  defaultModel: string;
  /** Only the offline demo model is available. */
  demo: boolean;
  /** What one message may carry (checked again on the server). */
  attachmentLimits: AttachmentLimits;
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** What the header says about the model; known on the server without asking the provider. */
export interface ModelBadge {
  label: string;
  demo: boolean;
  /** The provider's label, when several are configured. */
  provider?: string;
}

export interface ToolSummary {
  name: string;
  description: string;
  source: 'builtin' | 'mcp';
  server: string | null;
  requiresApproval: boolean;
}

export interface ToolsResponse {
  tools: ToolSummary[];
  /** MCP servers that could not be reached, with why. */
  problems: { server: string; message: string }[];
}
