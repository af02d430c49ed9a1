import type { ToolCall } from '@/lib/chat/types';

// The request Parley sends upstream: the seed's Chat Completions API, nothing provider-specific.

/** A piece of a user message: text, or an image as an https or `data:` URL. */
export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

export interface WireMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** Parts only on user messages with attachments. */
  content: string | WireContentPart[] | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

export interface ChatCompletionParams {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  /** OpenAI's reasoning models reject `max_tokens` and take this instead. */
  max_completion_tokens?: number;
  /** Only sent to models that accept it (lib/server/providers/capabilities.ts). */
  reasoning_effort?: 'low' | 'medium' | 'high';
}

export interface WireTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatCompletionRequest extends ChatCompletionParams {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  stream: boolean;
  stream_options?: { include_usage: boolean };
}

export interface UpstreamModel {
  id: string;
  label: string;
}

/**
 * Anything that speaks `POST /chat/completions`: a real provider over HTTP, or the built-in
 * offline demo model. Both return a raw `Response`, so the same byte-level pipeline runs.
 */
export interface Upstream {
  readonly kind: 'remote' | 'demo';
  listModels(signal?: AbortSignal): Promise<UpstreamModel[]>;
  chatCompletions(body: ChatCompletionRequest, signal: AbortSignal): Promise<Response>;
}

/** A message's text: its string content, or its text parts joined (images left out). */
export function wireText(content: WireMessage['content']): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n\n');
}
