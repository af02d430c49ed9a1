import type { ConversationSettings } from '@/lib/chat/types';
import { usesMaxCompletionTokens } from '@/lib/server/providers/capabilities';
import type { ChatCompletionParams, WireMessage } from '@/lib/server/upstream/types';

// A conversation's settings as request fields. Unset settings are left out, so the provider's
// own defaults apply. Pure.

export interface ParamsInput {
  model: string;
  settings: ConversationSettings;
  /** Per-request values (the chat request's `params`); they win over the settings. */
  overrides?: ChatCompletionParams;
  /** Whether this model accepts `reasoning_effort`. */
  reasoningEffort: boolean;
}

export function requestParams(input: ParamsInput): ChatCompletionParams {
  const { settings, overrides = {} } = input;
  const temperature = overrides.temperature ?? settings.temperature;
  const topP = overrides.top_p ?? settings.topP;
  const maxTokens = overrides.max_completion_tokens ?? overrides.max_tokens ?? settings.maxTokens;
  const effort = overrides.reasoning_effort ?? settings.reasoningEffort;
  const params: ChatCompletionParams = {};
  if (temperature !== undefined) params.temperature = temperature;
  if (topP !== undefined) params.top_p = topP;
  if (maxTokens !== undefined) {
    if (usesMaxCompletionTokens(input.model)) params.max_completion_tokens = maxTokens;
    else params.max_tokens = maxTokens;
  }
  // Sent only where known to work: other servers may reject an unknown parameter.
  if (effort !== undefined && input.reasoningEffort) params.reasoning_effort = effort;
  return params;
}

/** Followed by the file name, a newline, then the file's text (an assistant's reference file). */
export const REFERENCE_LABEL = 'Reference file:';

/**
 * The conversation's system prompt, followed by the reference files of the assistant it started
 * from, as the request's first message; null when it has neither.
 */
export function systemPromptMessage(
  settings: ConversationSettings,
  references: readonly { name: string; text: string }[] = [],
): WireMessage | null {
  const prompt = settings.systemPrompt?.trim() ? settings.systemPrompt : '';
  const parts = [
    ...(prompt ? [prompt] : []),
    ...references.map((r) => `${REFERENCE_LABEL} ${r.name}\n\n${r.text}`),
  ];
  return parts.length > 0 ? { role: 'system', content: parts.join('\n\n') } : null;
}
