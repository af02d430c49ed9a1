import type { ConversationSettings, ReasoningEffort } from './types';

// The per-conversation model settings (system prompt, sampling, reasoning effort): limits, type
// and helpers. The zod schema is in model-settings-schema.ts, so the chat page does not ship zod
// (the settings dialog loads it when the user saves).

export const MAX_SYSTEM_PROMPT_CHARS = 20_000;
export const MAX_TOKENS_LIMIT = 1_000_000;
export const REASONING_EFFORTS: readonly ReasoningEffort[] = ['low', 'medium', 'high'];

export type ModelSettings = Pick<
  ConversationSettings,
  'systemPrompt' | 'temperature' | 'topP' | 'maxTokens' | 'reasoningEffort'
>;

export const MODEL_SETTING_KEYS = [
  'systemPrompt',
  'temperature',
  'topP',
  'maxTokens',
  'reasoningEffort',
] as const satisfies readonly (keyof ModelSettings)[];

/** The model settings of `settings`, without unset fields (an empty prompt counts as unset). */
export function pickModelSettings(settings: ConversationSettings): ModelSettings {
  const out: ModelSettings = {};
  if (settings.systemPrompt?.trim()) out.systemPrompt = settings.systemPrompt;
  if (settings.temperature !== undefined) out.temperature = settings.temperature;
  if (settings.topP !== undefined) out.topP = settings.topP;
  if (settings.maxTokens !== undefined) out.maxTokens = settings.maxTokens;
  if (settings.reasoningEffort !== undefined) out.reasoningEffort = settings.reasoningEffort;
  return out;
}
