import type { ChatMessage, Conversation } from './types';

// Response bodies of Parley's own API, shared by the route handlers and the browser hooks.

export interface ConversationDetail {
  conversation: Conversation;
  /** The active branch, oldest first. */
  messages: ChatMessage[];
}

export interface ConversationPage {
  items: Conversation[];
  nextCursor: string | null;
}

export interface ModelsResponse {
  models: { id: string; label: string }[];
  defaultModel: string;
  demo: boolean;
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** What the header says about the model; known on the server without asking the provider. */
export interface ModelBadge {
  label: string;
  demo: boolean;
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
