import type { ToolCall, Usage } from '@/lib/openai/types';
import type { AttachmentMeta } from './attachments';

// Parley's own message shapes. Provider wire types stay inside lib/openai; everything else
// (database rows, API responses, the browser store) speaks these.

export type MessageStatus = 'streaming' | 'complete' | 'interrupted' | 'error';
export type Role = 'system' | 'user' | 'assistant' | 'tool';

// A finished tool call and token usage are the seed's own shapes (Core): used as they are.
export type { ToolCall, Usage };

export interface ChatError {
  code: string;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
}

/** What happened to one tool call; kept on the `role: 'tool'` message that answers it. */
export type ToolRunStatus =
  | 'running'
  | 'done'
  | 'error'
  | 'not_executed'
  | 'awaiting_approval'
  | 'denied';

export interface ToolRun {
  name: string;
  status: ToolRunStatus;
  durationMs: number | null;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  parentId: string | null;
  role: Role;
  content: string;
  reasoning: string | null;
  refusal: string | null;
  toolCalls: ToolCall[] | null;
  toolCallId: string | null;
  status: MessageStatus;
  finishReason: string | null;
  usage: Usage | null;
  model: string | null;
  error: ChatError | null;
  /** How long the model spent in its reasoning phase, when it had one. */
  reasoningMs: number | null;
  /** Only on `role: 'tool'` messages. */
  toolRun: ToolRun | null;
  /**
   * On assistant messages: the first message of the branch the model was sent when it wrote this
   * one. Null/absent = it saw the whole branch; older messages were left out to fit its context.
   */
  contextStartId?: string | null;
  /** On user messages: attached files (absent = none). */
  attachments?: AttachmentMeta[] | null;
  /** On the answers of a comparison (several models asked at once); absent otherwise. */
  comparison?: ComparisonSlot | null;
  createdAt: string;
}

/**
 * Where an answer sits in a comparison: one user message answered by several models at once,
 * each answer a sibling branch. `slot` is its column; a retried column's new answer keeps it.
 */
export interface ComparisonSlot {
  id: string;
  slot: number;
  /** The configured provider of the answer's model. */
  provider: string;
}

export type ReasoningEffort = 'low' | 'medium' | 'high';

/** Per-conversation choices. Absent fields mean "use the server's defaults". */
export interface ConversationSettings {
  /** Names of the tools offered to the model; undefined = every built-in tool. */
  tools?: string[];
  /** Sent as the first (system) message of every request; never shown or shared as a message. */
  systemPrompt?: string;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  /** Only sent to models that accept `reasoning_effort` (lib/server/providers/capabilities.ts). */
  reasoningEffort?: ReasoningEffort;
}

/** What a conversation records of the assistant it started from (its own copy of the rest). */
export interface ConversationAssistant {
  id: string;
  version: number;
  name: string;
  avatar: string;
  /** The reference files the conversation carries (its own attachment copies), sent as context. */
  files: { id: string; name: string }[];
}

export interface Conversation {
  id: string;
  title: string;
  model: string | null;
  /** The configured provider `model` belongs to; null/absent = the server's default provider. */
  provider?: string | null;
  settings: ConversationSettings;
  /** The assistant it started from (absent/null = none); its settings were copied into it. */
  assistant?: ConversationAssistant | null;
  createdAt: string;
  updatedAt: string;
}
