/** Builders for OpenAI-shaped payloads, so every scenario emits the same realistic envelope. */
import { contentText, messagesOf, stripMarkers } from './marker';
import type { OpenAIErrorBody } from './types';

export const SYSTEM_FINGERPRINT = 'fp_mock_upstream';

export interface ResponseMeta {
  id: string;
  created: number;
  model: string;
  /** Real OpenAI adds `usage: null` to every chunk once the client asked for include_usage. */
  usageField: boolean;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  completion_tokens_details?: { reasoning_tokens: number };
}

export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function: { name?: string; arguments: string };
}

export interface Delta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string;
  reasoning?: string;
  tool_calls?: ToolCallDelta[];
}

export function metaFor(seq: number, body: unknown): ResponseMeta {
  const model =
    typeof body === 'object' && body !== null && 'model' in body && typeof body.model === 'string'
      ? body.model
      : 'mock-model';
  return {
    id: `chatcmpl-mock${String(seq).padStart(6, '0')}`,
    created: Math.floor(Date.now() / 1000),
    model,
    usageField: wantsUsage(body),
  };
}

export function wantsUsage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('stream_options' in body)) return false;
  const opts = body.stream_options;
  return (
    typeof opts === 'object' &&
    opts !== null &&
    'include_usage' in opts &&
    opts.include_usage === true
  );
}

function envelope(meta: ResponseMeta) {
  return {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}

export function chunk(meta: ResponseMeta, delta: Delta, finishReason: string | null = null) {
  return {
    ...envelope(meta),
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(meta.usageField ? { usage: null } : {}),
  };
}

export function usageChunk(meta: ResponseMeta, usage: Usage) {
  return { ...envelope(meta), choices: [], usage };
}

export function errorChunk(meta: ResponseMeta, message: string, code: string) {
  return {
    ...envelope(meta),
    error: { message, code },
    choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'error' }],
  };
}

export interface AssembledReply {
  content: string;
  reasoning: string;
  reasoningField: 'reasoning_content' | 'reasoning';
  toolCalls: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  finishReason: string;
  completionTokens: number;
}

export function completion(meta: ResponseMeta, reply: AssembledReply, usage: Usage) {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: reply.toolCalls.length > 0 && reply.content === '' ? null : reply.content,
    refusal: null,
  };
  if (reply.reasoning !== '') message[reply.reasoningField] = reply.reasoning;
  if (reply.toolCalls.length > 0) message.tool_calls = reply.toolCalls;
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [{ index: 0, message, logprobs: null, finish_reason: reply.finishReason }],
    usage,
  };
}

/** Deterministic stand-in for a tokenizer: whitespace-separated words of every message, markers excluded. */
export function promptTokens(body: unknown): number {
  return messagesOf(body).reduce(
    (sum, m) => sum + stripMarkers(contentText(m.content)).split(/\s+/).filter(Boolean).length,
    0,
  );
}

export function usageFor(body: unknown, completionTokens: number, reasoningTokens: number): Usage {
  const prompt = promptTokens(body);
  return {
    prompt_tokens: prompt,
    completion_tokens: completionTokens,
    total_tokens: prompt + completionTokens,
    ...(reasoningTokens > 0
      ? { completion_tokens_details: { reasoning_tokens: reasoningTokens } }
      : {}),
  };
}

export function errorBody(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

export function modelList(ids: readonly string[]) {
  return {
    object: 'list',
    data: ids.map((id) => ({
      id,
      object: 'model',
      created: 1_700_000_000,
      owned_by: 'mock-upstream',
    })),
  };
}
