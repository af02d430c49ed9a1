// Wire shapes of OpenAI-compatible chat completions, as providers really send them: nearly every
// field is optional or nullable, and every object may carry provider-specific extras (the index
// signatures), which we keep as `unknown` instead of rejecting.

/** A complete tool call, as a finished assistant message carries it. */
export interface ToolCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}

/** Token usage, verbatim from the provider (null counters dropped); extras are kept. */
export type Usage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
} & Record<string, unknown>;

/** One element of `content` when a provider sends it as an array of parts. */
export interface ContentPart {
  type: string;
  text?: string | null;
  /** Thinking parts carry either a string or a list of `{ type: 'text', text }` blocks. */
  thinking?:
    | string
    | Array<{ type?: string | null; text?: string | null; [k: string]: unknown }>
    | null;
  refusal?: string | null;
  [k: string]: unknown;
}

/** OpenRouter-style structured reasoning (`reasoning.text`, `reasoning.summary`, `reasoning.encrypted`). */
export interface ReasoningDetail {
  type?: string | null;
  text?: string | null;
  summary?: string | null;
  [k: string]: unknown;
}

export interface ToolCallFunctionFragment {
  name?: string | null;
  /** A JSON string on the wire; a few gateways send an already-parsed object. */
  arguments?: string | Record<string, unknown> | null;
  [k: string]: unknown;
}

/** A tool call as it appears in `delta.tool_calls` (fragments) or `message.tool_calls` (whole). */
export interface ToolCallFragment {
  index?: number | null;
  id?: string | null;
  type?: string | null;
  function?: ToolCallFunctionFragment | null;
  [k: string]: unknown;
}

/** Fields shared by a streamed `delta` and a non-streamed `message`. */
export interface MessageFields {
  role?: string | null;
  content?: string | ContentPart[] | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  reasoning_details?: ReasoningDetail[] | null;
  refusal?: string | null;
  tool_calls?: ToolCallFragment[] | null;
  [k: string]: unknown;
}

export type ChunkDelta = MessageFields;
export type CompletionMessage = MessageFields;

/** Wire usage: like Parley's `Usage`, but some servers send explicit nulls for the counters. */
export type WireUsage = {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
} & Record<string, unknown>;

/** An error object delivered inside a 200 stream (or a bare string, which a few gateways send). */
export interface ErrorPayload {
  message?: unknown;
  code?: unknown;
  type?: unknown;
  [k: string]: unknown;
}

export interface ChunkChoice {
  index?: number | null;
  /** Absent on annotation-only choices (e.g. Azure content-filter results). */
  delta?: ChunkDelta | null;
  finish_reason?: string | null;
  logprobs?: unknown;
  [k: string]: unknown;
}

export interface ChatCompletionChunk {
  id?: string | null;
  object?: string | null;
  created?: number | null;
  model?: string | null;
  system_fingerprint?: string | null;
  /** Empty or missing on usage-only, prompt-filter and error chunks. */
  choices?: ChunkChoice[] | null;
  usage?: WireUsage | null;
  error?: ErrorPayload | string | null;
  [k: string]: unknown;
}

export interface CompletionChoice {
  index?: number | null;
  message?: CompletionMessage | null;
  finish_reason?: string | null;
  logprobs?: unknown;
  [k: string]: unknown;
}

export interface ChatCompletion {
  id?: string | null;
  object?: string | null;
  created?: number | null;
  model?: string | null;
  system_fingerprint?: string | null;
  choices?: CompletionChoice[] | null;
  usage?: WireUsage | null;
  error?: ErrorPayload | string | null;
  [k: string]: unknown;
}

/** The error kept in the stream state: always has a message, other fields verbatim. */
export type StreamError = { message: string; code?: string | number | null } & Record<
  string,
  unknown
>;

/**
 * The canonical chunk `step()` emits: exactly one chunk's contribution, with reasoning in
 * `reasoning_content`, content flattened to a string and tool-call `index` set to the dense
 * position in the accumulated `toolCalls`. Type aliases (not interfaces) so they stay
 * assignable to the index-signature wire types.
 */
export type NormalizedToolCallDelta = {
  index: number;
  id?: string;
  type?: string;
  function: { name?: string; arguments?: string };
};

export type NormalizedDelta = {
  role?: string;
  content?: string;
  reasoning_content?: string;
  refusal?: string;
  tool_calls?: NormalizedToolCallDelta[];
};

export type NormalizedChoice = {
  index: number;
  delta: NormalizedDelta;
  finish_reason: string | null;
  logprobs: null;
  /** Only when the provider's content filter flagged this choice in this chunk. */
  content_filter_results?: { filtered: true };
};

export type NormalizedChunk = {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint: string | null;
  choices: NormalizedChoice[];
  /** Only when the provider's content filter flagged the prompt in this chunk. */
  prompt_filter_results?: Array<{
    prompt_index: number;
    content_filter_results: { filtered: true };
  }>;
  usage?: Usage;
  error?: StreamError;
};

export type StreamEvent =
  | { type: 'chunk'; chunk: ChatCompletionChunk }
  | { type: 'done' }
  | { type: 'invalid'; data: string; reason: string };
