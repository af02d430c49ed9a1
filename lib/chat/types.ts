// Parley's own message shapes. Provider wire types stay inside lib/openai; everything else
// (database rows, API responses, the browser store) speaks these.

export type MessageStatus = 'streaming' | 'complete' | 'interrupted' | 'error';
export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}

export type Usage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
} & Record<string, unknown>;

export interface ChatError {
  code: string;
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
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
  createdAt: string;
}

export interface Conversation {
  id: string;
  title: string;
  model: string | null;
  createdAt: string;
  updatedAt: string;
}
